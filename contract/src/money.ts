/**
 * Money is computed in integer minor units (cents) and travels as a JSON number with two decimals.
 * Never add or multiply amounts as binary floating point numbers.
 */
export type Cents = number;

export function toCents(amount: number | string): Cents {
  const text = typeof amount === 'number' ? amount.toFixed(6) : amount.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new RangeError(`not an amount: ${amount}`);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const padded = `${fraction}000`.slice(0, 3);
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1; // half away from zero
  return negative ? -cents : cents;
}

export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** Formats an amount as text with two decimals, for display and for numeric columns. */
export function formatMoney(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
