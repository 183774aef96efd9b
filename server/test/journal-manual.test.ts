import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { useTestApp } from './harness.ts';
import { namedCustomer, paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/**
 * Manual journal entries (POST transaction, type transaction): added, listed, read, and deleted by a
 * reversal dated on the entry's own day; a document's posting cannot be deleted this way.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let system: Record<string, number>;

beforeAll(async () => {
  owner = await t.ownerToken();
  t.config.clock = fixedClock('2026-05-15T12:00:00Z');
  system = Object.fromEntries(
    (await rows(t, sql`select id, system_key from sub_account where system_key is not null`)).map((r) => [r.system_key, r.id]),
  );
});

const add = (body: Record<string, unknown>, token = owner) => t.call('POST', '/v1/transaction', { token, body });
const remove = (id: number) => t.call('DELETE', `/v1/transaction/${id}`, { token: owner });
const journal = (query: Record<string, string>) => t.call('GET', '/v1/transaction', { token: owner, query });
const balanceOf = async (id: number, startDate: string, endDate: string) =>
  (await t.call('GET', `/v1/account/${id}`, { token: owner, query: { startDate, endDate } })).body;

/** The sum of every account's balance over a range: debits equal credits, so it is nothing. */
async function sumOfBalances(startDate: string, endDate: string) {
  const all = await t.call('GET', '/v1/account', { token: owner, query: { type: 'sa', query: 'all', status: 'true,false' } });
  let cents = 0;
  for (const a of all.body.getAllSubAccount) cents += Math.round((await balanceOf(a.id, startDate, endDate)).balance * 100);
  return cents;
}

describe('manual journal entries', () => {
  test('added with the spec toast, then listed, read and counted in both accounts', async () => {
    const made = await add({ date: '2026-05-03', particulars: 'May rent', debitId: system.rent, creditId: system.bank, amount: 1200 });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Transaction Added Successfully');
    const entry = made.body.createdTransaction;
    expect(entry).toMatchObject({
      date: '2026-05-03',
      particulars: 'May rent',
      amount: 1200,
      type: 'transaction',
      relatedId: null,
      debitId: system.rent,
      creditId: system.bank,
      debit: { id: system.rent, name: 'Rent' },
      credit: { id: system.bank, name: 'Bank' },
    });

    const listed = await journal({ type: 'transaction' });
    expect(listed.body.getAllTransaction.map((r: any) => r.id)).toContain(entry.id);
    const byAccount = await journal({ accountId: String(system.rent) });
    expect(byAccount.body.getAllTransaction.map((r: any) => r.id)).toEqual([entry.id]);
    expect(byAccount.body.aggregations._sum.amount).toBe(1200);
    const one = await t.call('GET', `/v1/transaction/${entry.id}`, { token: owner });
    expect(one.body).toEqual(entry);
    expect((await balanceOf(system.rent!, '2026-05-01', '2026-05-31')).balance).toBe(1200);
    expect((await balanceOf(system.bank!, '2026-05-01', '2026-05-31')).balance).toBe(-1200);
  });

  test('refused: an unknown or hidden account, the same account twice, an amount of nothing, without permission', async () => {
    const body = { date: '2026-05-04', particulars: 'Refused', debitId: system.salary, creditId: system.cash, amount: 10 };
    const unknown = await add({ ...body, debitId: 99999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ debitId: 'does not exist' });
    const unknownCredit = await add({ ...body, creditId: 99999 });
    expect(unknownCredit.body.fields).toEqual({ creditId: 'does not exist' });

    const closed = await t.call('POST', '/v1/account', {
      token: owner,
      body: { name: 'Old Till', accountId: (await rows(t, sql`select id from account where system_key = 'asset'`))[0].id },
    });
    expect((await t.call('PATCH', `/v1/account/${closed.body.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    const hidden = await add({ ...body, creditId: closed.body.id });
    expect(hidden.status).toBe(409);
    expect(hidden.body).toMatchObject({ error: 'Old Till is hidden; show it before posting to it', fields: { creditId: 'is hidden' } });

    // stock, what customers owe and what suppliers are owed move only through their documents
    for (const [key, field] of [
      ['inventory', 'debitId'],
      ['accountsReceivable', 'creditId'],
      ['accountsPayable', 'debitId'],
    ] as const) {
      const onDocumentAccount = await add({ ...body, [field]: system[key] });
      expect(onDocumentAccount.status).toBe(409);
      expect(onDocumentAccount.body.fields).toEqual({ [field]: 'takes postings from documents only' });
    }
    // the tax office is paid by hand
    const vatPaid = await add({ ...body, particulars: 'VAT paid', debitId: system.tax, creditId: system.bank });
    expect(vatPaid.status).toBe(201);
    expect((await remove(vatPaid.body.createdTransaction.id)).status).toBe(200);

    const same = await add({ ...body, creditId: system.salary });
    expect(same.status).toBe(400);
    expect(Object.keys(same.body.fields)).toEqual(['creditId']);
    const nothing = await add({ ...body, amount: 0 });
    expect(nothing.status).toBe(400);
    expect(Object.keys(nothing.body.fields)).toEqual(['amount']);
    expect((await add({ ...body, particulars: '' })).status).toBe(400);
    expect((await add({ ...body, date: '2026-02-30' })).status).toBe(400);

    const reader = await t.staffWith(['readAll-transaction']);
    expect((await add(body, reader.token)).status).toBe(403);
    const [{ n }] = await rows(t, sql`select count(*)::int as n from "transaction" where particulars = 'Refused'`);
    expect(n).toBe(0);
  });

  test('deleted by its reversal on its own date: gone from the journal and every statement range, the trail kept; a second delete is refused', async () => {
    // an entry of 2 March, deleted on 15 May
    const made = await add({
      date: '2026-03-02',
      particulars: 'Owner drawing',
      debitId: system.ownerWithdrawal,
      creditId: system.cash,
      amount: 250.4,
    });
    const id = made.body.createdTransaction.id as number;
    const before = await balanceOf(system.ownerWithdrawal!, '2026-03-01', '2026-03-31');
    expect(before.balance).toBe(250.4);

    const deleted = await remove(id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Transaction deleted successfully', id });
    const [reversal] = await rows(
      t,
      sql`select id, to_char(date, 'YYYY-MM-DD') as date, debit_id, credit_id, amount::text as amount, type
        from "transaction" where reverses_id = ${id}`,
    );
    expect(reversal).toMatchObject({
      date: '2026-03-02',
      debit_id: system.cash,
      credit_id: system.ownerWithdrawal,
      amount: '250.40',
      type: 'transaction',
    });
    const [kept] = await rows(t, sql`select amount::text as amount from "transaction" where id = ${id}`);
    expect(kept.amount).toBe('250.40');

    // the journal leaves out the entry and its reversal; one read still shows the entry
    const march = await journal({ startDate: '2026-03-01', endDate: '2026-03-31', type: 'transaction' });
    expect(march.body.getAllTransaction.map((r: any) => r.id)).not.toContain(id);
    expect(march.body.getAllTransaction.map((r: any) => r.id)).not.toContain(reversal.id);
    expect((await t.call('GET', `/v1/transaction/${id}`, { token: owner })).status).toBe(200);
    // both on 2 March: the day alone, March, and every range through May net to nothing
    for (const [start, end] of [
      ['2026-03-02', '2026-03-02'],
      ['2026-03-01', '2026-03-31'],
      ['2026-01-01', '2026-05-15'],
    ] as const) {
      const after = await balanceOf(system.ownerWithdrawal!, start, end);
      expect(after).toMatchObject({ totalDebit: 250.4, totalCredit: 250.4, balance: 0 });
    }
    // the range after it opens at nothing too
    expect((await balanceOf(system.ownerWithdrawal!, '2026-03-03', '2026-05-15')).openingBalance).toBe(0);

    const again = await remove(id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: `Transaction ${id} is already deleted`, fields: { id: 'is already deleted' } });
    const ofReversal = await remove(reversal.id);
    expect(ofReversal.status).toBe(409);
    expect(ofReversal.body.fields).toEqual({ id: 'is a reversal' });
    expect((await remove(999999)).status).toBe(404);
    const [{ n }] = await rows(t, sql`select count(*)::int as n from "transaction" where reverses_id = ${id} or id = ${id}`);
    expect(n).toBe(2);
  });

  test('two deletes of one entry at once: one reverses it, the other is refused', async () => {
    const made = await add({ date: '2026-05-05', particulars: 'Twice', debitId: system.utilities, creditId: system.cash, amount: 30 });
    const id = made.body.createdTransaction.id as number;
    const answers = await Promise.all([remove(id), remove(id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [{ n }] = await rows(t, sql`select count(*)::int as n from "transaction" where reverses_id = ${id}`);
    expect(n).toBe(1);
  });

  test("a document's posting is refused with a pointer to the document's undo; a payment is still deleted as a payment", async () => {
    const { cash } = await paymentMethods(t, owner);
    const p = await referenceProduct(t);
    const sale = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: {
        customerId: await namedCustomer(t, owner),
        saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }],
        paidAmount: [{ paymentType: cash, amount: 5 }],
      },
    });
    expect(sale.status).toBe(201);
    const saleId = sale.body.createdInvoice.id as number;
    const entries = await journal({ relatedId: String(saleId), type: 'sale' });
    const salesEntry = entries.body.getAllTransaction.find((r: any) => r.credit.name === 'Sales');
    const refused = await remove(salesEntry.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `Transaction ${salesEntry.id} is not a payment; it belongs to sale #${saleId}: undo it from the document instead`,
    );
    const payment = entries.body.getAllTransaction.find((r: any) => r.debit.name === 'Cash');
    const paid = await remove(payment.id);
    expect(paid.body).toEqual({ message: 'Payment deleted successfully', id: payment.id });
  });

  test('entries made and deleted leave the books balanced: over any range every balance sums to nothing', async () => {
    const a = await add({
      date: '2026-04-10',
      particulars: 'Capital in',
      debitId: system.bank,
      creditId: system.ownerEquity,
      amount: 5000,
    });
    await add({ date: '2026-04-11', particulars: 'Salary', debitId: system.salary, creditId: system.bank, amount: 800.35 });
    await remove(a.body.createdTransaction.id);
    expect(await sumOfBalances('2026-04-01', '2026-04-30')).toBe(0);
    expect(await sumOfBalances('2026-01-01', '2026-05-15')).toBe(0);
    // Salary's April: 800.35 debited, nothing else
    expect(await balanceOf(system.salary!, '2026-04-01', '2026-04-30')).toMatchObject({
      totalDebit: 800.35,
      totalCredit: 0,
      balance: 800.35,
    });
    // Bank's April: +5000 − 800.35 − 5000 (reversal) = −800.35
    expect(await balanceOf(system.bank!, '2026-04-01', '2026-04-30')).toMatchObject({
      totalDebit: 5000,
      totalCredit: 5800.35,
      balance: -800.35,
    });
    // the trial balance of April still matches; the deleted capital is in no balance (its reversal cancels it)
    const tb = (
      await t.call('GET', '/v1/account', { token: owner, query: { query: 'tb', startDate: '2026-04-01', endDate: '2026-04-30' } })
    ).body;
    expect(tb.match).toBe('true');
    expect(tb.totalDebit).toBe(tb.totalCredit);
    expect(tb.credits.find((r: any) => r.id === system.ownerEquity)).toBeUndefined();
    expect(tb.debits.find((r: any) => r.id === system.salary)).toMatchObject({ totalDebit: 800.35, totalCredit: 0, balance: 800.35 });
    expect(tb.credits.find((r: any) => r.id === system.bank)).toMatchObject({ balance: -800.35 });
  });
});
