import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';

/**
 * The chart of accounts: the main accounts and their types, sub-accounts listed, added, renamed,
 * moved, hidden and deleted with every refusal, and one account's postings and balance over a range.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let system: Record<string, number>;
let main: Record<string, number>;

beforeAll(async () => {
  owner = await t.ownerToken();
  t.config.clock = fixedClock('2026-05-15T12:00:00Z');
  system = Object.fromEntries(
    (await rows(t, sql`select id, system_key from sub_account where system_key is not null`)).map((r) => [r.system_key, r.id]),
  );
  main = Object.fromEntries((await rows(t, sql`select id, system_key from account`)).map((r) => [r.system_key, r.id]));
});

const list = (query: Record<string, string>) => t.call('GET', '/v1/account', { token: owner, query: { type: 'sa', ...query } });
const create = (body: Record<string, unknown>) => t.call('POST', '/v1/account', { token: owner, body });
const update = (id: number, body: Record<string, unknown>) => t.call('PUT', `/v1/account/${id}`, { token: owner, body });
const setStatus = (id: number, status: string) => t.call('PATCH', `/v1/account/${id}`, { token: owner, body: { status } });
const remove = (id: number) => t.call('DELETE', `/v1/account/${id}`, { token: owner });
const detail = (id: number, query: Record<string, string> = {}) => t.call('GET', `/v1/account/${id}`, { token: owner, query });
const entry = async (date: string, debitId: number, creditId: number, amount: number) => {
  const made = await t.call('POST', '/v1/transaction', {
    token: owner,
    body: { date, particulars: `Entry of ${date}`, debitId, creditId, amount },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.createdTransaction.id as number;
};
const newAccount = async (name: string, accountId = main.expense!) => {
  const made = await create({ name, accountId });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.id as number;
};

describe('main accounts', () => {
  test('the six main accounts by id, with the five types of double entry: Withdrawal is Equity', async () => {
    const answer = await t.call('GET', '/v1/account', { token: owner, query: { query: 'ma' } });
    expect(answer.status).toBe(200);
    expect(answer.body.map((a: any) => [a.name, a.type])).toEqual([
      ['Asset', 'Asset'],
      ['Liability', 'Liability'],
      ['Equity', 'Equity'],
      ['Withdrawal', 'Equity'],
      ['Revenue', 'Revenue'],
      ['Expense', 'Expense'],
    ]);
    const ids = answer.body.map((a: any) => a.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
  });
});

describe('sub-accounts', () => {
  test('listed with their main account and whether they are posted; all, paged, searched, filtered and sorted', async () => {
    const all = await list({ query: 'all' });
    expect(all.status).toBe(200);
    const [{ n }] = await rows(t, sql`select count(*)::int as n from sub_account where status`);
    expect(all.body.totalSubAccount).toBe(n);
    expect(all.body.getAllSubAccount).toHaveLength(n);
    const cash = all.body.getAllSubAccount.find((a: any) => a.id === system.cash);
    expect(cash).toMatchObject({ name: 'Cash', systemKey: 'cash', accountId: main.asset, account: { name: 'Asset', type: 'Asset' } });
    expect(all.body.getAllSubAccount.find((a: any) => a.id === system.tax).account.type).toBe('Liability');
    expect(all.body.getAllSubAccount.find((a: any) => a.id === system.sales).account.type).toBe('Revenue');
    expect(all.body.getAllSubAccount.find((a: any) => a.id === system.rent).account.type).toBe('Expense');
    expect(all.body.getAllSubAccount.find((a: any) => a.id === system.ownerWithdrawal).account).toMatchObject({
      name: 'Withdrawal',
      type: 'Equity',
    });

    const stationery = await newAccount('Stationery');
    expect((await list({ query: 'search', key: 'statio' })).body.getAllSubAccount.map((a: any) => a.id)).toEqual([stationery]);
    expect((await list({ query: 'search', key: 'statio' })).body.getAllSubAccount[0].posted).toBe('false');
    await entry('2026-05-01', stationery, system.cash!, 3);
    expect((await list({ query: 'search', key: 'statio' })).body.getAllSubAccount[0].posted).toBe('true');

    const expenses = await list({ accountId: String(main.expense), sort: 'name', order: 'asc', count: '100' });
    const names = expenses.body.getAllSubAccount.map((a: any) => a.name);
    expect(names).toEqual(expect.arrayContaining(['Cost of Sales', 'Salary', 'Rent', 'Utilities', 'Stationery']));
    expect(expenses.body.getAllSubAccount.every((a: any) => a.accountId === main.expense)).toBe(true);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect(expenses.body.totalSubAccount).toBe(names.length);

    const page2 = await list({ sort: 'id', order: 'asc', page: '2', count: '3' });
    const byId = all.body.getAllSubAccount.map((a: any) => a.id).sort((a: number, b: number) => a - b);
    expect(page2.body.getAllSubAccount.map((a: any) => a.id)).toEqual(byId.slice(3, 6));
    expect(page2.body.totalSubAccount).toBe(n + 1);

    const hidden = await newAccount('Hidden Costs');
    expect((await setStatus(hidden, 'false')).status).toBe(200);
    const shown = await list({ query: 'all' });
    expect(shown.body.getAllSubAccount.map((a: any) => a.id)).not.toContain(hidden);
    const hiddenOnly = await list({ query: 'all', status: 'false' });
    expect(hiddenOnly.body.getAllSubAccount.map((a: any) => a.id)).toEqual([hidden]);
    expect((await list({ sort: 'nonsense' })).status).toBe(400);
  });

  test('added, renamed and moved; names are unique whatever their case; the main account must exist', async () => {
    const made = await create({ name: 'Office Rent', accountId: main.expense });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      message: 'Account added successfully',
      name: 'Office Rent',
      accountId: main.expense,
      systemKey: null,
      status: 'true',
      posted: 'false',
      account: { id: main.expense, name: 'Expense', type: 'Expense' },
    });
    const id = made.body.id as number;
    const again = await create({ name: 'office rent', accountId: main.expense });
    expect(again.status).toBe(409);
    expect(again.body.fields).toEqual({ name: 'already exists' });
    const nowhere = await create({ name: 'Nowhere', accountId: 99999 });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.fields).toEqual({ accountId: 'does not exist' });
    expect((await create({ name: '', accountId: main.expense })).status).toBe(400);

    const renamed = await update(id, { name: 'Shop Rent' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ message: 'Account updated successfully', name: 'Shop Rent', accountId: main.expense });
    const clash = await update(id, { name: 'CASH' });
    expect(clash.status).toBe(409);
    expect(clash.body.fields).toEqual({ name: 'already exists' });
    expect((await update(id, { name: 'shop rent' })).status).toBe(200);
    const moved = await update(id, { accountId: main.liability });
    expect(moved.body).toMatchObject({ accountId: main.liability, account: { type: 'Liability' } });
    const badMove = await update(id, { accountId: 99999 });
    expect(badMove.status).toBe(400);
    expect(badMove.body.fields).toEqual({ accountId: 'does not exist' });
    expect((await update(99999, { name: 'Ghost' })).status).toBe(404);
  });

  test('a system account can be neither renamed, moved, hidden nor deleted', async () => {
    const rename = await update(system.rent!, { name: 'Lease' });
    expect(rename.status).toBe(409);
    expect(rename.body.fields).toEqual({ name: 'is fixed for a system account' });
    const move = await update(system.rent!, { accountId: main.asset });
    expect(move.status).toBe(409);
    expect(move.body.fields).toEqual({ accountId: 'is fixed for a system account' });
    expect((await update(system.rent!, { name: 'Rent', accountId: main.expense })).status).toBe(200);
    const hide = await setStatus(system.utilities!, 'false');
    expect(hide.status).toBe(409);
    expect(hide.body.fields).toEqual({ status: 'is a system account' });
    // Utilities has no postings, so only its being a system account keeps it
    const gone = await remove(system.utilities!);
    expect(gone.status).toBe(409);
    expect(gone.body.error).toBe('Utilities is a system account; it cannot be deleted');
    const [still] = await rows(t, sql`select name, status from sub_account where id = ${system.utilities}`);
    expect(still).toEqual({ name: 'Utilities', status: true });
  });

  test('once posted an account can be renamed but neither moved nor deleted; unused and unposted it is deleted for good', async () => {
    const id = await newAccount('Cleaning');
    const spare = await newAccount('Spare');
    const deleted = await remove(spare);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Account deleted successfully', id: spare });
    expect((await detail(spare)).status).toBe(404);
    expect((await remove(spare)).status).toBe(404);

    await entry('2026-05-02', id, system.cash!, 12.5);
    const move = await update(id, { accountId: main.asset });
    expect(move.status).toBe(409);
    expect(move.body.error).toBe('Cleaning has postings; it cannot be moved to another main account');
    expect((await update(id, { name: 'Cleaning Services' })).body).toMatchObject({ name: 'Cleaning Services', posted: 'true' });
    const refused = await remove(id);
    expect(refused.status).toBe(409);
    expect(refused.body.fields).toEqual({ id: 'has postings' });
    // hiding a posted account is fine: its postings stay in the books
    expect((await setStatus(id, 'false')).body).toMatchObject({ status: 'false', message: 'Account updated successfully' });
    expect((await setStatus(id, 'true')).body.status).toBe('true');
  });

  test('an account a payment method or courier uses cannot be deleted, nor hidden while that user is active', async () => {
    const wallet = await newAccount('Mobile Wallet', main.asset);
    const method = await t.call('POST', '/v1/payment-method', { token: owner, body: { methodName: 'Wallet Pay', subAccountId: wallet } });
    expect(method.status).toBe(201);
    const hide = await setStatus(wallet, 'false');
    expect(hide.status).toBe(409);
    expect(hide.body.error).toBe('Mobile Wallet is used by payment method Wallet Pay; it cannot be hidden');
    const gone = await remove(wallet);
    expect(gone.status).toBe(409);
    expect(gone.body.fields).toEqual({ id: 'is used by payment method Wallet Pay' });
    // the method hidden, the account may be hidden too; it still cannot be deleted
    expect((await t.call('PATCH', `/v1/payment-method/${method.body.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    expect((await setStatus(wallet, 'false')).status).toBe(200);
    expect((await remove(wallet)).status).toBe(409);

    const fees = await newAccount('Courier Float', main.asset);
    const courier = await t.call('POST', '/v1/courier-medium', {
      token: owner,
      body: { courierMediumName: 'Fast Bikes', address: 'Main road 1', phone: '+100200300', type: 'courier', subAccountId: fees },
    });
    expect(courier.status, JSON.stringify(courier.body)).toBe(201);
    expect((await setStatus(fees, 'false')).body.error).toBe('Courier Float is used by courier medium Fast Bikes; it cannot be hidden');
    expect((await remove(fees)).body.error).toBe('Courier Float is used by courier medium Fast Bikes; it cannot be deleted');
    // couriers are hidden, not deleted: hidden, the account may be hidden; pointed elsewhere, it may go
    expect((await t.call('PATCH', `/v1/courier-medium/${courier.body.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    expect((await setStatus(fees, 'false')).status).toBe(200);
    expect((await remove(fees)).status).toBe(409);
    const repointed = await t.call('PUT', `/v1/courier-medium/${courier.body.id}`, { token: owner, body: { subAccountId: null } });
    expect(repointed.status, JSON.stringify(repointed.body)).toBe(200);
    expect((await remove(fees)).status).toBe(200);
  });

  test('a delete racing a posting to the same account: either the posting lands and the account stays, or the account goes and the posting is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await newAccount(`Race ${round}`);
      const [posting, deletion] = await Promise.all([
        t.call('POST', '/v1/transaction', {
          token: owner,
          body: { date: '2026-05-10', particulars: 'Race', debitId: id, creditId: system.cash, amount: 1 },
        }),
        remove(id),
      ]);
      const [left] = await rows(t, sql`select count(*)::int as n from sub_account where id = ${id}`);
      if (posting.status === 201) {
        expect(deletion.status).toBe(409);
        expect(left.n).toBe(1);
      } else {
        expect(deletion.status).toBe(200);
        expect(posting.status).toBe(400);
        expect(posting.body.fields).toEqual({ debitId: 'does not exist' });
        expect(left.n).toBe(0);
      }
    }
  });
});

describe("an account's postings and balance", () => {
  test('the range newest first on each side, sums over every entry (a deleted one and its reversal cancel), the balance before and at the end', async () => {
    const account = await newAccount('Stationery Detail');
    const cash = system.cash!;
    await entry('2026-03-10', account, cash, 100);
    const april5 = await entry('2026-04-05', account, cash, 40.25);
    const april20 = await entry('2026-04-20', cash, account, 15.5);
    const april25 = await entry('2026-04-25', account, cash, 9.99);
    await entry('2026-05-02', account, cash, 7);
    const deleted = await t.call('DELETE', `/v1/transaction/${april25}`, { token: owner });
    expect(deleted.status).toBe(200);
    const [reversal] = await rows(t, sql`select id from "transaction" where reverses_id = ${april25}`);

    const april = await detail(account, { startDate: '2026-04-01', endDate: '2026-04-30' });
    expect(april.status).toBe(200);
    expect(april.body).toMatchObject({ id: account, name: 'Stationery Detail', account: { type: 'Expense' }, posted: 'true' });
    // debit side: 9.99 on the 25th (deleted, still a posting of the day), 40.25 on the 5th
    expect(april.body.debit.map((r: any) => [r.id, r.date, r.amount])).toEqual([
      [april25, '2026-04-25', 9.99],
      [april5, '2026-04-05', 40.25],
    ]);
    // credit side: the reversal of the 25th's 9.99, dated on the 25th, then the 15.50 refund of the 20th
    expect(april.body.credit.map((r: any) => [r.id, r.date, r.amount])).toEqual([
      [reversal.id, '2026-04-25', 9.99],
      [april20, '2026-04-20', 15.5],
    ]);
    expect(april.body.credit[1]).toMatchObject({ debit: { id: cash, name: 'Cash' }, credit: { id: account, name: 'Stationery Detail' } });
    // debits 40.25 + 9.99 = 50.24, credits 15.50 + 9.99 = 25.49, balance 24.75; before April: 100.00
    expect(april.body).toMatchObject({
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      totalDebit: 50.24,
      totalCredit: 25.49,
      balance: 24.75,
      openingBalance: 100,
      closingBalance: 124.75,
      truncated: 'false',
    });

    // no start: from the first entry to the end of April; 150.24 − 25.49 = 124.75
    const toApril = await detail(account, { endDate: '2026-04-30' });
    expect(toApril.body).toMatchObject({
      startDate: null,
      totalDebit: 150.24,
      totalCredit: 25.49,
      balance: 124.75,
      openingBalance: 0,
      closingBalance: 124.75,
    });
    // the end defaults to today (15 May): the 7.00 of 2 May joins, 131.75
    const today = await detail(account);
    expect(today.body).toMatchObject({ endDate: '2026-05-15', closingBalance: 131.75 });
    expect(today.body.debit[0].date).toBe('2026-05-02');
    // Cash is the other side of each: its April lists the same four postings
    const cashApril = await detail(cash, { startDate: '2026-04-01', endDate: '2026-04-30' });
    const cashFromApril = cashApril.body.debit.concat(cashApril.body.credit).filter((r: any) => r.debitId === account || r.creditId === account);
    expect(cashFromApril).toHaveLength(4);

    expect((await detail(account, { startDate: '2026-05-01', endDate: '2026-04-01' })).status).toBe(400);
    expect((await detail(99999)).status).toBe(404);
  });

  test('at most 500 postings a side are listed, newest first; the sums cover them all', async () => {
    const from = await newAccount('Bulk From', main.asset);
    const to = await newAccount('Bulk To');
    // 501 entries of 1.00 … 6.00 on one day, made straight in the ledger: both sides balanced row by row
    await t.database.db.execute(sql`insert into "transaction" (date, debit_id, credit_id, particulars, amount, type)
      select '2025-06-01', ${to}, ${from}, 'bulk ' || n, n / 100.0 + 0.99, 'transaction' from generate_series(1, 501) n`);
    const bulk = await detail(to, { startDate: '2025-06-01', endDate: '2025-06-30' });
    expect(bulk.body.debit).toHaveLength(500);
    expect(bulk.body.credit).toHaveLength(0);
    expect(bulk.body.truncated).toBe('true');
    // the newest (highest id) first: the 501st, 5.01 + 0.99 = 6.00
    expect(bulk.body.debit[0].amount).toBe(6);
    // sum of n/100 + 0.99 over 1..501 = 125751/100 + 495.99 = 1257.51 + 495.99 = 1753.50
    expect(bulk.body).toMatchObject({ totalDebit: 1753.5, totalCredit: 0, balance: 1753.5, closingBalance: 1753.5 });
    const other = await detail(from, { startDate: '2025-06-01', endDate: '2025-06-30' });
    expect(other.body).toMatchObject({ truncated: 'true', totalCredit: 1753.5, balance: -1753.5 });
  });
});
