import { type Cents, fromCents, subAccountListOut } from '@tillbook/contract';
import type { z } from 'zod';
import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { presenter } from '../../platform/presenter.ts';
import { conventionWhere, inArray, type ListQuery, orderBy, whereAll } from '../../platform/list-query.ts';
import { paged, rawRows } from '../../platform/queries.ts';
import { account, subAccount, transaction } from '../../schema/index.ts';
import { entriesWhere } from './journal-read.ts';

export type SubAccountFilters = { type?: 'sa'; accountId?: number[] };

/** How many postings of one side an account's detail lists. */
export const detailRowLimit = 500;

/** True when any ledger entry names the sub-account, on either side. */
export const postedSql = (id: SQL | number) =>
  sql<boolean>`exists (select 1 from "transaction" p where p.debit_id = ${id} or p.credit_id = ${id})`;

/** A sub-account as the screens read it: its columns, its main account, and whether it has postings. */
const subAccountColumns = {
  id: subAccount.id,
  status: subAccount.status,
  createdAt: subAccount.createdAt,
  updatedAt: subAccount.updatedAt,
  name: subAccount.name,
  accountId: subAccount.accountId,
  systemKey: subAccount.systemKey,
  account: { id: account.id, name: account.name, type: account.type },
  posted: postedSql(sql`${subAccount.id}`).mapWith(Boolean),
};

const subAccounts = (db: DbOrTx, where: SQL | undefined) =>
  db.select(subAccountColumns).from(subAccount).innerJoin(account, eq(account.id, subAccount.accountId)).where(where).$dynamic();

const presentList = presenter(subAccountListOut);

/** `account?query=ma`: the main accounts, by id. */
export async function listMainAccounts(db: DbOrTx) {
  return db.select({ id: account.id, name: account.name, type: account.type }).from(account).orderBy(asc(account.id));
}

/**
 * `account?type=sa&...` → {getAllSubAccount, totalSubAccount}: the list convention (page, count,
 * status, `query=search&key=` on the name, `query=all` unpaged) plus a main-account filter; sorted by
 * name, id or accountId.
 */
export async function listSubAccounts(db: DbOrTx, q: ListQuery<SubAccountFilters>) {
  const where = whereAll([
    ...conventionWhere(q, { status: subAccount.status, search: [subAccount.name] }),
    q.filters.accountId ? inArray(subAccount.accountId, q.filters.accountId) : undefined,
  ]);
  const rows = subAccounts(db, where).orderBy(...orderBy(q, subAccount, subAccount.id));
  const [list, [total]] = await Promise.all([paged(rows, q), db.select({ n: count() }).from(subAccount).where(where)]);
  // presented here: the list path answers a union of shapes, which the route's presenter passes through as is
  return presentList({ getAllSubAccount: list, totalSubAccount: total?.n ?? 0 }) as z.output<typeof subAccountListOut>;
}

/** One sub-account with its main account and `posted`, or undefined. */
export async function readSubAccount(db: DbOrTx, id: number) {
  const [row] = await subAccounts(db, eq(subAccount.id, id));
  return row;
}

interface Sums {
  debit: string;
  credit: string;
  opening: string;
}

/**
 * `GET account/{id}?startDate&endDate`: the sub-account, its postings of the range on each side
 * (newest first, at most 500 a side, `truncated` when there are more), the range's sums over every
 * entry, the balance before the range and at its end. endDate defaults to today in the shop; without
 * a startDate the range starts with the books. Every entry counts, reversed ones and their reversals
 * included (they cancel), as in the statements, so the figures agree with the trial balance.
 */
export async function accountDetail(db: DbOrTx, id: number, q: { startDate?: string; endDate?: string }, clock: Clock) {
  const row = await readSubAccount(db, id);
  if (!row) throw notFound(`Account ${id}`);
  const endDate = q.endDate ?? (await businessDate(db, clock));
  const startDate = q.startDate ?? null;
  if (startDate && startDate > endDate) throw fieldError('endDate', 'must not be before the start date');
  const inRange = (side: SQL) => and(side, startDate ? gte(transaction.date, startDate) : undefined, lte(transaction.date, endDate));
  const side = (column: typeof transaction.debitId | typeof transaction.creditId) =>
    entriesWhere(db, inRange(eq(column, id)))
      .orderBy(desc(transaction.date), desc(transaction.id))
      .limit(detailRowLimit + 1);
  const after = startDate ? sql`t.date >= ${startDate}::date` : sql`true`;
  const before = startDate ? sql`t.date < ${startDate}::date` : sql`false`;
  const [debit, credit, [sums]] = await Promise.all([
    side(transaction.debitId),
    side(transaction.creditId),
    rawRows<Sums>(
      db,
      sql`select
          coalesce(round(sum(t.amount) filter (where t.debit_id = ${id} and ${after}) * 100), 0)::bigint::text as debit,
          coalesce(round(sum(t.amount) filter (where t.credit_id = ${id} and ${after}) * 100), 0)::bigint::text as credit,
          coalesce(round(sum(case when t.debit_id = ${id} then t.amount else -t.amount end) filter (where ${before}) * 100), 0)::bigint::text as opening
        from "transaction" t
        where (t.debit_id = ${id} or t.credit_id = ${id}) and t.date <= ${endDate}::date`,
    ),
  ]);
  const totalDebit = Number(sums!.debit) as Cents;
  const totalCredit = Number(sums!.credit) as Cents;
  const opening = Number(sums!.opening) as Cents;
  const balance = totalDebit - totalCredit;
  return {
    ...row,
    startDate,
    endDate,
    debit: debit.slice(0, detailRowLimit),
    credit: credit.slice(0, detailRowLimit),
    totalDebit: fromCents(totalDebit),
    totalCredit: fromCents(totalCredit),
    balance: fromCents(balance),
    openingBalance: fromCents(opening),
    closingBalance: fromCents(opening + balance),
    truncated: debit.length > detailRowLimit || credit.length > detailRowLimit,
  };
}
