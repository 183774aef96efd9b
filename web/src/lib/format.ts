import { type Cents, formatMoney, toCents } from '@tillbook/contract';
import { currentSettings } from './settings.ts';

/**
 * How every admin screen writes amounts and dates, so that one shop reads one way everywhere: amounts
 * with the shop's currency symbol, thousands separators and two decimals ('$12.50', '-$3.00',
 * '$1,234,567.89'), business dates as YYYY-MM-DD,
 * instants as YYYY-MM-DD HH:mm in the shop's time zone.
 */
const blank = (value: unknown) => value === null || value === undefined || value === '';

/** A positive amount in cents with thousands separators: 123456789 → '1,234,567.89'. */
export function groupedMoney(cents: Cents): string {
  const [whole = '0', fraction = '00'] = formatMoney(cents).split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

/** An amount in cents with the shop's currency symbol (none while the shop has no currency). */
export function moneyOfCents(cents: Cents): string {
  const symbol = currentSettings()?.currency?.currencySymbol ?? '';
  return cents < 0 ? `-${symbol}${groupedMoney(-cents)}` : `${symbol}${groupedMoney(cents)}`;
}

/** An amount as the API sends it (a number or its text) with the shop's currency symbol; nothing for no value. */
export const money = (value: unknown): string => (blank(value) ? '' : moneyOfCents(toCents(value as number | string)));

/** A count with thousands separators: 4,512. */
export const count = (n: number): string => n.toLocaleString('en-US');

/** A business date (or the date part of an instant): YYYY-MM-DD. */
export const day = (value: unknown): string => (blank(value) ? '' : String(value).slice(0, 10));

/** An instant, in the shop's time zone (the browser's until the settings say): YYYY-MM-DD HH:mm. */
export function instant(value: unknown): string {
  if (blank(value)) return '';
  const at = new Date(String(value));
  if (Number.isNaN(at.getTime())) return String(value);
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: currentSettings()?.timeZone ?? undefined }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('en-CA', options).formatToParts(at);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}
