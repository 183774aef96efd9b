import { toStatusText } from '@tillbook/contract';

/**
 * Shapes a database row for the wire: booleans become the texts 'true'/'false' (the client's
 * convention for status and other flags), and secrets never leave.
 */
const secretKeys = new Set(['password', 'tokenHash', 'emailPass']);

export function toWire<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (secretKeys.has(key)) continue;
    if (typeof value === 'boolean') out[key] = toStatusText(value);
    else if (value && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value)) out[key] = toWire(value as Record<string, unknown>);
    else if (Array.isArray(value)) out[key] = value.map((v) => (v && typeof v === 'object' && !(v instanceof Date) ? toWire(v) : v));
    else out[key] = value;
  }
  return out;
}

export const toWireList = <T extends Record<string, unknown>>(rows: T[]) => rows.map(toWire);
