import { toStatusText } from '@tillbook/contract';

/**
 * The resource factory's row shaping: booleans become the texts 'true'/'false' (the client's
 * convention for status and other flags). The rows it shapes are already allow-listed (the factory
 * selects only the record's columns and the contract's fields); bespoke answers use presenters.
 */
export function toWire<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'boolean') out[key] = toStatusText(value);
    else if (value && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value))
      out[key] = toWire(value as Record<string, unknown>);
    else if (Array.isArray(value)) out[key] = value.map((v) => (v && typeof v === 'object' && !(v instanceof Date) ? toWire(v) : v));
    else out[key] = value;
  }
  return out;
}

export const toWireList = <T extends Record<string, unknown>>(rows: T[]) => rows.map(toWire);
