import { type SQL, sql } from 'drizzle-orm';
import { customer } from '../../schema/index.ts';

/**
 * The search of a shop document list (orders, returns): a number (`123` or `#123`) matches the document
 * by the ids `byNumber` names, any text the shopper's username, e-mail or phone. The list joins `customer`.
 */
export function shopperSearch(rawKey: string | undefined, byNumber: (n: number) => SQL): SQL | undefined {
  const key = rawKey?.trim();
  if (!key) return undefined;
  const number = /^#?\d{1,9}$/.test(key) ? byNumber(Number(key.replace('#', ''))) : sql`false`;
  const like = `%${key}%`;
  return sql`(${number} or ${customer.username} ilike ${like} or ${customer.email} ilike ${like} or ${customer.phone} ilike ${like})`;
}
