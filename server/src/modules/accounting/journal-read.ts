import { type Cents, fromCents } from '@tillbook/contract';
import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { type ListQuery, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import { subAccount, transaction } from '../../schema/index.ts';
import type { LedgerType } from './post.ts';
import { liveEntry } from './reversed.ts';

const debit = alias(subAccount, 'debit_account');
const credit = alias(subAccount, 'credit_account');

/** Ledger rows with their two accounts' names, as the screens read them. */
export function entriesWhere(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      id: transaction.id,
      status: transaction.status,
      createdAt: transaction.createdAt,
      updatedAt: transaction.updatedAt,
      date: transaction.date,
      debitId: transaction.debitId,
      creditId: transaction.creditId,
      particulars: transaction.particulars,
      amount: transaction.amount,
      type: transaction.type,
      relatedId: transaction.relatedId,
      debit: { id: debit.id, name: debit.name },
      credit: { id: credit.id, name: credit.name },
    })
    .from(transaction)
    .innerJoin(debit, eq(debit.id, transaction.debitId))
    .innerJoin(credit, eq(credit.id, transaction.creditId))
    .where(where)
    .$dynamic();
}

/** The first and last day of the month a business date falls in. */
export function monthOf(day: string): { first: string; last: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${String(lastDay).padStart(2, '0')}` };
}

type JournalFilters = { accountId?: number[]; type?: LedgerType[]; relatedId?: number[] };

/**
 * GET transaction?filters → {getAllTransaction, totalTransaction, aggregations}: the journal over a date
 * range (a missing start or end is the first or last day of this month in the shop), by account
 * (debit or credit side), type and related document; newest first unless sorted. Rows a reversal
 * cancelled (deleted payments) and the reversals themselves are left out.
 */
export async function listJournal(db: DbOrTx, q: ListQuery<JournalFilters>, clock: Clock) {
  const month = q.startDate && q.endDate ? undefined : monthOf(await businessDate(db, clock));
  const startDate = q.startDate ?? month!.first;
  const endDate = q.endDate ?? month!.last;
  const f = q.filters;
  const where = whereAll([
    liveEntry(),
    gte(transaction.date, startDate),
    lte(transaction.date, endDate),
    f.accountId ? or(inArray(transaction.debitId, f.accountId), inArray(transaction.creditId, f.accountId)) : undefined,
    f.type ? inArray(transaction.type, f.type) : undefined,
    f.relatedId ? inArray(transaction.relatedId, f.relatedId.map(String)) : undefined,
  ]);
  const column = q.sort === 'amount' ? transaction.amount : q.sort === 'id' ? transaction.id : transaction.date;
  const direction = q.order === 'asc' ? asc : desc;
  const rows = await paged(entriesWhere(db, where).orderBy(direction(column), direction(transaction.id)), q);
  const [totals] = await db
    .select({ n: count(), cents: sql<number>`coalesce(round(sum(${transaction.amount}) * 100), 0)::bigint`.mapWith(Number) })
    .from(transaction)
    .where(and(where));
  const n = totals?.n ?? 0;
  return {
    getAllTransaction: rows,
    totalTransaction: n,
    aggregations: { _count: { id: n }, _sum: { amount: fromCents((totals?.cents ?? 0) as Cents) } },
  };
}

/** GET transaction/{id}: one ledger row with its accounts' names. */
export async function readEntry(db: DbOrTx, id: number) {
  const [row] = await entriesWhere(db, eq(transaction.id, id));
  return row;
}
