/**
 * Code 128 (code set B, printable ASCII) as bar widths: enough for an invoice number on a receipt,
 * which a scanner reads back as the same text followed by Enter.
 */

// Bar and space widths (in modules, bar first) of the symbol values 0–106; the stop (106) ends with
// its 2-module termination bar. The standard's table.
// biome-ignore format: ten to a line, as the standard prints it
const patterns = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

export const code128Patterns: readonly string[] = patterns;
const startB = 104;
const stop = 106;

/** The symbol values of `text` in code set B: start, characters, check symbol, stop. */
export function code128Values(text: string): number[] {
  const values = [startB];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 B cannot encode ${JSON.stringify(char)}`);
    values.push(code - 32);
  }
  const check = values.reduce((sum, value, index) => sum + value * Math.max(1, index), 0) % 103;
  return [...values, check, stop];
}

/** The module widths of the whole symbol, bar first, alternating bar and space. */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((value) => [...patterns[value]!].map(Number));
}

/** The bars as [x, width] in modules, quiet zones not included. */
export function code128Bars(text: string): { bars: [number, number][]; modules: number } {
  const bars: [number, number][] = [];
  let x = 0;
  code128Widths(text).forEach((width, index) => {
    if (index % 2 === 0) bars.push([x, width]);
    x += width;
  });
  return { bars, modules: x };
}
