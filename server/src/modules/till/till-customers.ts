import { type TillCustomers, walkInCustomerName } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { customerBalances } from '../selling/index.ts';
import { cursorOf, parseCursor, settledCursor } from './copy-cursor.ts';

interface Row {
  id: number;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  phone: string | null;
  email: string | null;
  active: boolean;
  at: string;
}

/**
 * GET till/customers?after=&count= (issue 33): the customers changed after the cursor, oldest change first, with
 * their names, contacts and what they owe now, over the till and the web, as the customer list says (the till's last known due), by the (updated_at, id)
 * index. The walk-in customer is the till's own choice and is left out. A due moves with sales and payments, not
 * with the customer's row: the copy's due is as of the customer's last change or the till's first load.
 */
export async function tillCustomers(db: DbOrTx, query: { after?: string; count: number }): Promise<TillCustomers> {
  const from = parseCursor(query.after);
  const rows = await rawRows<Row>(
    db,
    sql`select c.id, c.first_name, c.last_name, c.username, c.phone, c.email, c.status as active, c.updated_at::text as at
      from customer c
      where ${from ? sql`(c.updated_at, c.id) > (${from.at}::timestamptz, ${from.id}::int)` : sql`true`}
      order by c.updated_at, c.id limit ${query.count + 1}`,
  );
  const page = rows.slice(0, query.count);
  const more = rows.length > query.count;
  const last = page.at(-1);
  const balances = await customerBalances(
    db,
    page.map((r) => Number(r.id)),
  );
  const name = (r: Row) =>
    [r.first_name, r.last_name]
      .map((p) => p?.trim())
      .filter(Boolean)
      .join(' ') ||
    r.username ||
    `#${r.id}`;
  return {
    customers: page.map((r) => ({
      id: Number(r.id),
      name: name(r),
      phone: r.phone,
      email: r.email,
      due: balances.get(Number(r.id))?.dueAmount ?? 0,
      active: r.active && r.username !== walkInCustomerName,
    })),
    cursor: last ? (more ? cursorOf(last.at, Number(last.id)) : await settledCursor(db, last.at, Number(last.id))) : (query.after ?? ''),
    more,
  };
}
