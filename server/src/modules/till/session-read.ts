import { listDefaults, type TillSession, type TillSessionListQuery } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';

interface SessionRow {
  id: number;
  till_id: number;
  till_name: string;
  state: 'OPEN' | 'CLOSED';
  opening_float: string;
  float_difference: string;
  opened_by: number;
  opened_name: string;
  opened_at: Date;
  closed_by: number | null;
  closed_name: string | null;
  closed_at: Date | null;
  z_number: number | null;
  float_left: string | null;
  variance: string | null;
}

const money = (v: string | null) => (v === null ? null : Number(v));

const present = (r: SessionRow): TillSession => ({
  id: Number(r.id),
  tillId: Number(r.till_id),
  till: { id: Number(r.till_id), name: r.till_name },
  status: r.state,
  openingFloat: Number(r.opening_float),
  floatDifference: Number(r.float_difference),
  openedBy: { id: Number(r.opened_by), username: r.opened_name },
  openedAt: new Date(r.opened_at).toISOString(),
  closedBy: r.closed_by === null ? null : { id: Number(r.closed_by), username: r.closed_name ?? '' },
  closedAt: r.closed_at === null ? null : new Date(r.closed_at).toISOString(),
  zNumber: r.z_number === null ? null : Number(r.z_number),
  floatLeft: money(r.float_left),
  variance: money(r.variance),
});

const selected = sql`select s.id, s.till_id, t.name as till_name, s.state, s.opening_float, s.float_difference, s.opened_by,
    o.username as opened_name, s.opened_at, s.closed_by, c.username as closed_name, s.closed_at, s.z_number, s.float_left, s.variance
  from till_session s join till t on t.id = s.till_id join users o on o.id = s.opened_by left join users c on c.id = s.closed_by`;

export async function readSession(db: DbOrTx, id: number): Promise<TillSession | undefined> {
  const [row] = await rawRows<SessionRow>(db, sql`${selected} where s.id = ${id}`);
  return row && present(row);
}

/** GET till-session: newest first (order=asc: oldest first), filtered by till, status and the days it opened; paged. */
export async function listSessions(db: DbOrTx, q: TillSessionListQuery) {
  const where: SQL[] = [sql`true`];
  if (q.tillId) where.push(sql`s.till_id = ${q.tillId}`);
  if (q.status) where.push(sql`s.state = ${q.status}`);
  if (q.startDate) where.push(sql`s.opened_at >= ${q.startDate}::date`);
  if (q.endDate) where.push(sql`s.opened_at < ${q.endDate}::date + 1`);
  const condition = sql.join(where, sql` and `);
  const limit = q.count ?? listDefaults.count;
  const offset = ((q.page ?? listDefaults.page) - 1) * limit;
  const direction = q.order === 'asc' ? sql`asc` : sql`desc`;
  const [rows, [total]] = await Promise.all([
    rawRows<SessionRow>(db, sql`${selected} where ${condition} order by s.id ${direction} limit ${limit} offset ${offset}`),
    rawRows<{ n: number }>(db, sql`select count(*)::int as n from till_session s where ${condition}`),
  ]);
  return { getAllTillSession: rows.map(present), totalTillSession: Number(total?.n ?? 0) };
}
