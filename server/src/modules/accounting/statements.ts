import { type AccountType, type Cents, fromCents } from '@tillbook/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import type { ListQuery } from '../../platform/list-query.ts';
import { rawRows } from '../../platform/queries.ts';
import type { WatchedCache } from '../../platform/watched-cache.ts';
import { account, subAccount } from '../../schema/index.ts';

/**
 * The statements of `GET account?query=tb|bs|is` (contract/src/accounting/statements.ts). Each reads
 * the ledger once: sums per (debit, credit) account pair in SQL, which the covering index on the date
 * answers without touching the table, folded per sub-account here in cents. Every row counts: a
 * reversed entry and its reversal cancel.
 *
 * A statement of a range can be kept in a {@link StatementCache} (the routes keep one): it is served
 * again only while none of {@link statementTables} has been written since it was read, so a sale or a
 * manual entry shows on the very next request.
 */

/** The tables the statements read. */
export const statementTables = ['transaction', 'sub_account', 'account'] as const;

/** Statements kept per kind and range (see watched-cache.ts). */
export type StatementCache = WatchedCache<string, unknown>;

const kept = <T>(cache: StatementCache | undefined, key: string, load: () => Promise<T>): Promise<T> =>
  cache ? (cache.get(key, load) as Promise<T>) : load();

interface Sums {
  debit: Cents;
  credit: Cents;
}

interface AccountInfo {
  id: number;
  account: string;
  type: AccountType;
  subAccount: string;
}

/** Today in the shop (the routes answer it from the kept time zone, see clock.ts `ShopDay`). */
export type Today = () => Promise<string>;

/** The range asked for: a missing endDate is today in the shop. */
async function rangeOf(q: ListQuery<unknown>, today: Today) {
  return { startDate: q.startDate ?? null, endDate: q.endDate ?? (await today()) };
}

/** Every sub-account with its main account's name and type, in id order. */
async function chart(db: DbOrTx): Promise<AccountInfo[]> {
  return db
    .select({ id: subAccount.id, account: account.name, type: account.type, subAccount: subAccount.name })
    .from(subAccount)
    .innerJoin(account, eq(account.id, subAccount.accountId))
    .orderBy(asc(subAccount.id));
}

/**
 * The ledger up to endDate summed per account pair, split at startDate (`before` true for the rows
 * dated before it, when asked), folded into debit and credit sums per sub-account for each part.
 */
async function ledgerSums(db: DbOrTx, endDate: string, split: { from: string; keepBefore: boolean } | null) {
  const before = split ? sql`t.date < ${split.from}` : sql`false`;
  const where = split && !split.keepBefore ? sql`t.date between ${split.from} and ${endDate}` : sql`t.date <= ${endDate}`;
  const rows = await rawRows<{ debit_id: number; credit_id: number; before: boolean; cents: string }>(
    db,
    sql`select t.debit_id, t.credit_id, ${before} as before, round(sum(t.amount) * 100)::bigint as cents
      from "transaction" t where ${where} group by 1, 2, 3`,
  );
  const inRange = new Map<number, Sums>();
  const earlier = new Map<number, Sums>();
  const add = (sums: Map<number, Sums>, id: number, side: keyof Sums, cents: Cents) => {
    const s = sums.get(id) ?? { debit: 0, credit: 0 };
    s[side] += cents;
    sums.set(id, s);
  };
  for (const r of rows) {
    const target = r.before ? earlier : inRange;
    const cents = Number(r.cents);
    add(target, Number(r.debit_id), 'debit', cents);
    add(target, Number(r.credit_id), 'credit', cents);
  }
  return { inRange, earlier };
}

const balanceOf = (s: Sums | undefined): Cents => (s ? s.debit - s.credit : 0);
const sum = (values: Cents[]): Cents => values.reduce((a, b) => a + b, 0);
const matchText = (a: Cents, b: Cents) => (a === b ? ('true' as const) : ('false' as const));

/** Trial balance over startDate..endDate: each sub-account's debits, credits and balance; debit balances beside credit balances. */
export async function trialBalance(db: DbOrTx, q: ListQuery<unknown>, today: Today, cache?: StatementCache) {
  const { startDate, endDate } = await rangeOf(q, today);
  return kept(cache, `tb/${startDate}/${endDate}`, () => trialBalanceOf(db, startDate, endDate));
}

async function trialBalanceOf(db: DbOrTx, startDate: string | null, endDate: string) {
  const [accounts, { inRange }] = await Promise.all([
    chart(db),
    ledgerSums(db, endDate, startDate ? { from: startDate, keepBefore: false } : null),
  ]);
  const rows = accounts.flatMap((a) => {
    const s = inRange.get(a.id);
    if (!s) return [];
    const balance = s.debit - s.credit;
    return [{ ...a, cents: balance, totalDebit: fromCents(s.debit), totalCredit: fromCents(s.credit), balance: fromCents(balance) }];
  });
  const debits = rows.filter((r) => r.cents > 0);
  const credits = rows.filter((r) => r.cents < 0);
  const debitCents = sum(debits.map((r) => r.cents));
  const creditCents = -sum(credits.map((r) => r.cents));
  const strip = ({ cents: _, ...row }: (typeof rows)[number]) => row;
  return {
    startDate,
    endDate,
    debits: debits.map(strip),
    credits: credits.map(strip),
    totalDebit: fromCents(debitCents),
    totalCredit: fromCents(creditCents),
    match: matchText(debitCents, creditCents),
  };
}

/** The rows of the given types with a non-zero balance, on the side `sign` says is normal (1 debit, −1 credit). */
function section(accounts: AccountInfo[], sums: Map<number, Sums>, types: AccountType[], sign: 1 | -1) {
  const rows = accounts.flatMap((a) => {
    if (!types.includes(a.type)) return [];
    const s = sums.get(a.id);
    const cents = sign * balanceOf(s);
    if (!s || cents === 0) return [];
    return [
      { id: a.id, account: a.account, subAccount: a.subAccount, totalDebit: fromCents(s.debit), totalCredit: fromCents(s.credit), cents },
    ];
  });
  return {
    rows: rows.map(({ cents, ...r }) => ({ ...r, balance: fromCents(cents) })),
    total: sum(rows.map((r) => r.cents)),
  };
}

/** Revenue (credit − debit) less expense (debit − credit) over some sums. */
function profitOf(accounts: AccountInfo[], sums: Map<number, Sums>): Cents {
  return section(accounts, sums, ['Revenue'], -1).total - section(accounts, sums, ['Expense'], 1).total;
}

/**
 * Balance sheet at endDate over every entry up to it: assets, liabilities and equity accounts, with
 * the profit before startDate as retained earnings and the profit of the range in equity.
 */
export async function balanceSheet(db: DbOrTx, q: ListQuery<unknown>, today: Today, cache?: StatementCache) {
  const { startDate, endDate } = await rangeOf(q, today);
  return kept(cache, `bs/${startDate}/${endDate}`, () => balanceSheetOf(db, startDate, endDate));
}

async function balanceSheetOf(db: DbOrTx, startDate: string | null, endDate: string) {
  const [accounts, { inRange, earlier }] = await Promise.all([
    chart(db),
    ledgerSums(db, endDate, startDate ? { from: startDate, keepBefore: true } : null),
  ]);
  const all = new Map<number, Sums>(inRange);
  for (const [id, s] of earlier) {
    const r = all.get(id) ?? { debit: 0, credit: 0 };
    all.set(id, { debit: r.debit + s.debit, credit: r.credit + s.credit });
  }
  const assets = section(accounts, all, ['Asset'], 1);
  const liabilities = section(accounts, all, ['Liability'], -1);
  const equity = section(accounts, all, ['Equity'], -1);
  const retained = profitOf(accounts, earlier);
  const profit = profitOf(accounts, inRange);
  const totalEquity = equity.total + retained + profit;
  return {
    startDate,
    endDate,
    assets: assets.rows,
    liabilities: liabilities.rows,
    equity: equity.rows,
    retainedEarnings: fromCents(retained),
    profit: fromCents(profit),
    totalAsset: fromCents(assets.total),
    totalLiability: fromCents(liabilities.total),
    totalEquity: fromCents(totalEquity),
    match: matchText(assets.total, liabilities.total + totalEquity),
  };
}

/** Income statement over startDate..endDate: revenue (credit − debit), expense (debit − credit), profit. */
export async function incomeStatement(db: DbOrTx, q: ListQuery<unknown>, today: Today, cache?: StatementCache) {
  const { startDate, endDate } = await rangeOf(q, today);
  return kept(cache, `is/${startDate}/${endDate}`, () => incomeStatementOf(db, startDate, endDate));
}

async function incomeStatementOf(db: DbOrTx, startDate: string | null, endDate: string) {
  const [accounts, { inRange }] = await Promise.all([
    chart(db),
    ledgerSums(db, endDate, startDate ? { from: startDate, keepBefore: false } : null),
  ]);
  const revenue = section(accounts, inRange, ['Revenue'], -1);
  const expense = section(accounts, inRange, ['Expense'], 1);
  return {
    startDate,
    endDate,
    revenue: revenue.rows,
    expense: expense.rows,
    totalRevenue: fromCents(revenue.total),
    totalExpense: fromCents(expense.total),
    profit: fromCents(revenue.total - expense.total),
  };
}
