import { type AdjustTotals, fromCents, toCents } from '@tillbook/contract';
import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { adjustInvoice, adjustInvoiceProduct, product, users } from '../../schema/index.ts';

const money = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::numeric(14,2)::text`.mapWith(Number);
const quantity = (expression: SQL) => sql<number>`coalesce(${expression}, 0)::int`.mapWith(Number);
const line = adjustInvoiceProduct;
const isIncrement = sql`${line.adjustType} = 'increment'`;
const value = sql`${line.adjustQuantity} * ${line.unitCost}`;

/** Per-document totals at cost, one grouped pass over the lines. */
function totalsQuery(db: DbOrTx) {
  return db
    .select({
      adjustInvoiceId: line.adjustInvoiceId,
      incQ: sql<number>`sum(case when ${isIncrement} then ${line.adjustQuantity} else 0 end)`.as('inc_q'),
      incP: sql<number>`sum(case when ${isIncrement} then ${value} else 0 end)`.as('inc_p'),
      decQ: sql<number>`sum(case when ${isIncrement} then 0 else ${line.adjustQuantity} end)`.as('dec_q'),
      decP: sql<number>`sum(case when ${isIncrement} then 0 else ${value} end)`.as('dec_p'),
    })
    .from(line)
    .groupBy(line.adjustInvoiceId)
    .as('totals');
}

const headerColumns = {
  id: adjustInvoice.id,
  date: adjustInvoice.date,
  note: adjustInvoice.note,
  userId: adjustInvoice.userId,
  status: adjustInvoice.status,
  state: adjustInvoice.state,
  createdAt: adjustInvoice.createdAt,
  updatedAt: adjustInvoice.updatedAt,
  user: { id: users.id, username: users.username },
};

/** GET adjust-inventory?filters → {getAllAdjustInvoice, _count: {id}}, totals computed in SQL. */
export async function listAdjustments(db: DbOrTx, q: ListQuery) {
  const totals = totalsQuery(db);
  const where = whereAll(conventionWhere(q, { status: adjustInvoice.status, search: [adjustInvoice.note], date: adjustInvoice.date }));
  const select = db
    .select({
      ...headerColumns,
      totalIncrementQuantity: quantity(sql`${totals.incQ}`),
      totalIncrementPrice: money(sql`${totals.incP}`),
      totalDecrementQuantity: quantity(sql`${totals.decQ}`),
      totalDecrementPrice: money(sql`${totals.decP}`),
      totalAdjustPrice: money(sql`abs(coalesce(${totals.incP}, 0) - coalesce(${totals.decP}, 0))`),
    })
    .from(adjustInvoice)
    .leftJoin(totals, eq(totals.adjustInvoiceId, adjustInvoice.id))
    .leftJoin(users, eq(users.id, adjustInvoice.userId))
    .where(where)
    .orderBy(q.order === 'asc' ? asc(adjustInvoice.id) : desc(adjustInvoice.id))
    .$dynamic();
  const [rows, [total]] = await Promise.all([paged(select, q), db.select({ id: count() }).from(adjustInvoice).where(where)]);
  return { getAllAdjustInvoice: rows, _count: { id: total?.id ?? 0 } };
}

/** GET adjust-inventory/{id}: the header with its lines (product name and sku) and totals. */
export async function readAdjustment(db: DbOrTx, adjustId: number) {
  const [header] = await db
    .select(headerColumns)
    .from(adjustInvoice)
    .leftJoin(users, eq(users.id, adjustInvoice.userId))
    .where(eq(adjustInvoice.id, adjustId));
  if (!header) return undefined;
  const lines = await db
    .select({
      id: line.id,
      adjustInvoiceId: line.adjustInvoiceId,
      productId: line.productId,
      productVariantId: line.productVariantId,
      adjustQuantity: line.adjustQuantity,
      adjustType: line.adjustType,
      reason: line.reason,
      unitCost: line.unitCost,
      product: { id: product.id, name: product.name, sku: product.sku },
    })
    .from(line)
    .innerJoin(product, eq(product.id, line.productId))
    .where(eq(line.adjustInvoiceId, adjustId))
    .orderBy(asc(line.productId), asc(line.id));
  const sum = (type: string, of: (l: (typeof lines)[number]) => number) =>
    lines.filter((l) => l.adjustType === type).reduce((acc, l) => acc + of(l), 0);
  const incCents = sum('increment', (l) => toCents(l.unitCost) * l.adjustQuantity);
  const decCents = sum('decrement', (l) => toCents(l.unitCost) * l.adjustQuantity);
  const totals: AdjustTotals = {
    totalIncrementQuantity: sum('increment', (l) => l.adjustQuantity),
    totalIncrementPrice: fromCents(incCents),
    totalDecrementQuantity: sum('decrement', (l) => l.adjustQuantity),
    totalDecrementPrice: fromCents(decCents),
    totalAdjustPrice: fromCents(Math.abs(incCents - decCents)),
  };
  return {
    ...header,
    adjustInvoiceProduct: lines.map((l) => ({ ...l, totalPrice: fromCents(toCents(l.unitCost) * l.adjustQuantity) })),
    ...totals,
  };
}
