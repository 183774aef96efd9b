import { type AuditLogQuery, type AuditLogRow, listDefaults } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';

interface Row {
  id: number;
  entity: string;
  entity_id: string;
  action: string;
  actor_type: AuditLogRow['actorType'];
  actor_id: number | null;
  actor_name: string | null;
  at: Date | string;
  request_id: string | null;
  /** A create's or a delete's values by column; an update's `{column: {old, new}}`. */
  changes: Record<string, unknown>;
}

/** The changes of a row as the API answers them: `[{field, old, new}]`, by field name. */
function changesOf(action: string, changes: Record<string, unknown>) {
  return Object.entries(changes ?? {})
    .filter(([column]) => column !== 'id')
    .map(([column, value]) => {
      const field = fieldOf(column);
      if (action === 'create') return { field, old: null, new: value };
      if (action === 'delete') return { field, old: value, new: null };
      const pair = value as { old: unknown; new: unknown };
      return { field, old: pair.old ?? null, new: pair.new ?? null };
    })
    .sort((a, b) => a.field.localeCompare(b.field));
}

/** A column's name as the API names the field (`product_sale_price` → `productSalePrice`). */
const fieldOf = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** The column of an API field's name (`productSalePrice` → `product_sale_price`). */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const present = (r: Row): AuditLogRow => ({
  id: Number(r.id),
  entity: r.entity,
  entityId: r.entity_id,
  action: r.action,
  actorType: r.actor_type,
  actorId: r.actor_id === null ? null : Number(r.actor_id),
  actorName: r.actor_name,
  at: new Date(r.at).toISOString(),
  requestId: r.request_id,
  changes: changesOf(r.action, r.changes),
});

/** Who: a staff member's username, a shopper's name; nothing for the system. */
const selected = sql`select a.id, a.entity, a.entity_id, a.action, a.actor_type, a.actor_id, a.at, a.request_id, a.changes,
    case a.actor_type when 'user' then u.username
      when 'customer' then coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), c.username) end as actor_name
  from audit_log a
  left join users u on a.actor_type = 'user' and u.id = a.actor_id
  left join customer c on a.actor_type = 'customer' and c.id = a.actor_id`;

/**
 * The total a list answers counts at most this many rows (a page beyond it is still read): 500 pages of 20. At 10
 * million rows a user with 50,000 took 200 ms to count in full (docs/performance.md); a filter narrows it first.
 */
export const countedUpTo = 10_000;

async function page(db: DbOrTx, where: SQL[], q: { page?: number; count?: number }) {
  const condition = sql.join(where.length ? where : [sql`true`], sql` and `);
  const limit = q.count ?? listDefaults.count;
  const offset = ((q.page ?? listDefaults.page) - 1) * limit;
  const [rows, [total]] = await Promise.all([
    rawRows<Row>(db, sql`${selected} where ${condition} order by a.id desc limit ${limit} offset ${offset}`),
    // counted up to a bound: a log of millions of rows is not counted whole for a page's total
    rawRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from audit_log a where ${condition} limit ${countedUpTo}) c`),
  ]);
  return { getAllAuditLog: rows.map(present), totalAuditLog: Number(total?.n ?? 0) };
}

/** GET audit-log: every change, newest first, filtered by record, user, action, field and dates. */
export function listAuditLog(db: DbOrTx, q: AuditLogQuery) {
  const where: SQL[] = [];
  if (q.entity) where.push(sql`a.entity = ${q.entity}`);
  if (q.entityId) where.push(sql`a.entity_id = ${q.entityId}`);
  if (q.userId) where.push(sql`a.actor_type = 'user' and a.actor_id = ${q.userId}`);
  if (q.action) where.push(sql`a.action = ${q.action}`);
  if (q.field) where.push(sql`a.changes ? ${columnOf(q.field)}`);
  if (q.startDate) where.push(sql`a.at >= ${q.startDate}::date`);
  if (q.endDate) where.push(sql`a.at < ${q.endDate}::date + 1`);
  return page(db, where, q);
}

/** GET audit-log/{entity}/{id}: one record's history, newest first. */
export function recordHistory(db: DbOrTx, entity: string, id: number, q: { page?: number; count?: number }) {
  return page(db, [sql`a.entity = ${entity}`, sql`a.entity_id = ${String(id)}`], q);
}
