/** One measured budget: the figure, the limit, and whether it is met. */
export interface Line {
  name: string;
  value: number | null;
  unit: string;
  /** met when value ≤ budget (value < budget when `below`) */
  budget: number;
  below?: boolean;
  met: boolean;
  note?: string;
}

export function table(lines: Line[]): string {
  const rows = lines.map((l) => [
    l.name,
    l.value === null ? '—' : `${l.value} ${l.unit}`,
    `${l.below ? '<' : '≤'} ${l.budget} ${l.unit}`,
    l.met ? 'met' : 'not met',
    l.note ?? '',
  ]);
  const head = ['budget', 'measured', 'limit', '', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
