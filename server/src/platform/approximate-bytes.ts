/**
 * About how many bytes a value read from the database holds in memory: a string two a character, a
 * number or flag eight, a Buffer its length, plus a little for each object, array slot and key. Not
 * V8's exact figure (it has none to ask), but proportional to it, which is what a cache's budget needs.
 */
export function approximateBytes(value: unknown): number {
  if (typeof value === 'string') return 16 + 2 * value.length;
  if (typeof value !== 'object' || value === null) return 8;
  if (ArrayBuffer.isView(value)) return 16 + value.byteLength;
  if (value instanceof Date) return 16;
  let bytes = 16;
  if (Array.isArray(value) || value instanceof Set) for (const item of value) bytes += 8 + approximateBytes(item);
  else if (value instanceof Map) for (const [k, item] of value) bytes += 8 + approximateBytes(k) + approximateBytes(item);
  else for (const [k, item] of Object.entries(value)) bytes += 8 + 2 * k.length + approximateBytes(item);
  return bytes;
}
