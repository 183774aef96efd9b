import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { makeProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { namedCustomer, paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/**
 * The journal (GET transaction, GET/DELETE transaction/{id}) and the customer payment list: the month
 * by default, filters, and deleting a payment by its reversing entry, after which paid and due follow.
 */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;
let card: number;
let accounts: Record<string, number>;

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash, card } = await paymentMethods(t, owner));
  const found = await rows(t, sql`select id, system_key from sub_account where system_key is not null`);
  accounts = Object.fromEntries(found.map((r) => [r.system_key, r.id]));
  t.config.clock = fixedClock('2026-05-15T12:00:00Z');
});

const journal = (query: Record<string, string> = {}) => t.call('GET', '/v1/transaction', { token: owner, query });
const remove = (id: number) => t.call('DELETE', `/v1/transaction/${id}`, { token: owner });
const saleDetail = async (id: number) => (await t.call('GET', `/v1/sale-invoice/${id}`, { token: owner })).body;

/** The reference sale (38.50 with VAT), paid as asked, on `date` or today. */
async function sale(paidAmount: { paymentType: number; amount: number }[], date?: string) {
  const p = await referenceProduct(t);
  const made = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      date,
      customerId: await namedCustomer(t, owner),
      saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
      paidAmount,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.createdInvoice.id as number;
}

/** A sale's ledger rows: id, debit key, credit key, amount. */
const entriesOf = async (relatedId: number, type = 'sale') =>
  rows(
    t,
    sql`select t.id, d.system_key as debit, c.system_key as credit, t.amount::text as amount, t.reverses_id from "transaction" t
      join sub_account d on d.id = t.debit_id join sub_account c on c.id = t.credit_id
      where t.related_id = ${String(relatedId)} and t.type = ${type} order by t.id`,
  );

describe('the journal', () => {
  test('the current month by default, newest first, with counts and sums; filters by dates, account, type and document', async () => {
    const april = await sale([{ paymentType: cash, amount: 10 }], '2026-04-20');
    const may = await sale([{ paymentType: card, amount: 38.5 }]);
    const list = await journal();
    expect(list.status).toBe(200);
    const ids = list.body.getAllTransaction.map((r: any) => Number(r.relatedId));
    expect(ids).toContain(may);
    expect(ids).not.toContain(april);
    for (const r of list.body.getAllTransaction) expect(r.date >= '2026-05-01' && r.date <= '2026-05-31').toBe(true);
    const dates = list.body.getAllTransaction.map((r: any) => `${r.date}#${String(r.id).padStart(9, '0')}`);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.body.totalTransaction).toBe(list.body.aggregations._count.id);

    const ofMay = await journal({ relatedId: String(may), type: 'sale' });
    // cost 15.00, sales 35.00, VAT 3.50, card 38.50
    expect(ofMay.body.getAllTransaction.map((r: any) => [r.debit.name, r.credit.name, r.amount])).toEqual([
      ['Bank', 'Accounts Receivable', 38.5],
      ['Accounts Receivable', 'Tax', 3.5],
      ['Accounts Receivable', 'Sales', 35],
      ['Cost of Sales', 'Inventory', 15],
    ]);
    expect(ofMay.body.aggregations).toEqual({ _count: { id: 4 }, _sum: { amount: 92 } });

    const ofApril = await journal({ startDate: '2026-04-01', endDate: '2026-04-30', relatedId: String(april) });
    expect(ofApril.body.totalTransaction).toBe(4);
    const cashRows = await journal({ startDate: '2026-04-01', endDate: '2026-04-30', accountId: String(accounts.cash) });
    expect(cashRows.body.getAllTransaction.every((r: any) => r.debitId === accounts.cash || r.creditId === accounts.cash)).toBe(true);
    expect(cashRows.body.getAllTransaction.map((r: any) => r.amount)).toContain(10);
    const byAmount = await journal({ relatedId: String(may), sort: 'amount', order: 'asc' });
    expect(byAmount.body.getAllTransaction.map((r: any) => r.amount)).toEqual([3.5, 15, 35, 38.5]);
    expect((await journal({ type: 'nonsense' })).status).toBe(400);

    const one = ofMay.body.getAllTransaction[0];
    const single = await t.call('GET', `/v1/transaction/${one.id}`, { token: owner });
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({ id: one.id, amount: 38.5, type: 'sale', relatedId: String(may), debit: { name: 'Bank' } });
    expect((await t.call('GET', '/v1/transaction/999999', { token: owner })).status).toBe(404);
  });

  test("deleting a customer's payment posts its reversal; paid, due, the lists and the statement follow at once", async () => {
    const buyer = await t.call('POST', '/v1/customer', { token: owner, body: { username: `Journal ${Date.now()}` } });
    const p = await referenceProduct(t);
    const made = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: {
        customerId: buyer.body.id,
        saleInvoiceProduct: [{ productId: p.id, productQuantity: 3, productDiscount: 1 }],
        paidAmount: [
          { paymentType: cash, amount: 20 },
          { paymentType: card, amount: 10 },
        ],
      },
    });
    const id = made.body.createdInvoice.id as number;
    const cashPayment = (await entriesOf(id)).find((e) => e.debit === 'cash')!;
    const payments = async () =>
      (await t.call('GET', '/v1/payment-sale-invoice', { token: owner, query: { saleInvoiceId: String(id) } })).body;
    expect((await payments()).aggregations._sum.amount).toBe(30);

    const deleted = await remove(cashPayment.id);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ message: 'Payment deleted successfully', id: cashPayment.id });
    const after = await entriesOf(id);
    expect(after.at(-1)).toMatchObject({ debit: 'accountsReceivable', credit: 'cash', amount: '20.00', reverses_id: cashPayment.id });
    // paid 30 → 10, due 8.50 → 28.50
    expect(await saleDetail(id)).toMatchObject({ totalPaidAmount: 10, dueAmount: 28.5, status: 'UNPAID' });
    expect((await saleDetail(id)).transactions.map((r: any) => r.id)).not.toContain(cashPayment.id);
    const listed = await payments();
    expect(listed.getAllPaymentSaleInvoice.map((r: any) => r.amount)).toEqual([10]);
    expect(listed).toMatchObject({ totalPaymentSaleInvoice: 1, aggregations: { _sum: { amount: 10 } } });
    const byCustomer = await t.call('GET', '/v1/payment-sale-invoice', { token: owner, query: { customerId: String(buyer.body.id) } });
    expect(byCustomer.body.totalPaymentSaleInvoice).toBe(1);
    const statement = await t.call('GET', `/v1/customer/${buyer.body.id}`, { token: owner });
    expect(statement.body).toMatchObject({ totalPaidAmount: 10, dueAmount: 28.5 });
    const inJournal = await journal({ relatedId: String(id) });
    expect(inJournal.body.getAllTransaction.map((r: any) => r.id)).not.toContain(cashPayment.id);
    expect(inJournal.body.totalTransaction).toBe(4);

    const again = await remove(cashPayment.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already deleted/);
    const reversal = after.at(-1)!;
    expect((await remove(reversal.id)).status).toBe(409);
    expect((await remove(999999)).status).toBe(404);

    // the payment can be taken again, up to the new due; a refund is capped by what is now paid
    const repay = await t.call('POST', '/v1/payment-sale-invoice', {
      token: owner,
      body: { saleInvoiceNo: id, paidAmount: [{ paymentType: cash, amount: 28.5 }] },
    });
    expect(repay.body).toMatchObject({ amount: 28.5, dueAmount: 0 });
  });

  test('only payments can be deleted; other entries point to their document, and an undone sale keeps its payments', async () => {
    const id = await sale([{ paymentType: cash, amount: 5 }]);
    const entries = await entriesOf(id);
    const salesEntry = entries.find((e) => e.credit === 'sales')!;
    const refused = await remove(salesEntry.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `Transaction ${salesEntry.id} is not a payment; it belongs to sale #${id}: undo it from the document instead`,
    );
    expect((await remove(entries.find((e) => e.credit === 'inventory')!.id)).status).toBe(409);

    const p = await makeProduct(t, { productQuantity: 5, productPurchasePrice: 2, productSalePrice: 4 });
    const returned = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 4 }] },
    });
    const back = await t.call('POST', '/v1/return-sale-invoice', {
      token: owner,
      body: {
        saleInvoiceId: returned.body.createdInvoice.id,
        instantReturnAmount: [{ amount: 4 }],
        returnSaleInvoiceProduct: [{ saleInvoiceProductId: returned.body.createdInvoice.saleInvoiceProduct[0].id, productQuantity: 1 }],
      },
    });
    expect(back.status).toBe(201);
    const refund = (await entriesOf(returned.body.createdInvoice.id, 'saleReturn')).find((e) => e.debit === 'accountsReceivable')!;
    expect((await remove(refund.id)).status).toBe(409);
    // the 4.00 paid was refunded: deleting the payment would leave the refund uncovered
    const covering = (await entriesOf(returned.body.createdInvoice.id)).find((e) => e.debit === 'cash')!;
    const covered = await remove(covering.id);
    expect(covered.status).toBe(409);
    expect(covered.body.fields).toEqual({ id: 'covers a refund' });

    const payment = entries.find((e) => e.debit === 'cash')!;
    expect((await t.call('PATCH', `/v1/sale-invoice/${id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    const gone = await remove(payment.id);
    expect(gone.status).toBe(409);
    expect(gone.body.error).toMatch(/is deleted; its payments cannot be deleted/);
    const listed = await t.call('GET', '/v1/payment-sale-invoice', { token: owner, query: { saleInvoiceId: String(id) } });
    expect(listed.body.totalPaymentSaleInvoice).toBe(0);
  });

  test("deleting a supplier's payment: the purchase's paid and due follow; a deleted payment then an undo leaves the books at nothing", async () => {
    const supplierId = await makeSupplier(t, owner, 'Journal Ltd');
    const p = await makeProduct(t, { productQuantity: 0, productPurchasePrice: 0 });
    const made = await t.call('POST', '/v1/purchase-invoice', {
      token: owner,
      body: {
        supplierId,
        paidAmount: [{ amount: 30 }],
        purchaseInvoiceProduct: [{ productId: p.id, productQuantity: 10, productUnitPurchasePrice: 5, tax: 10 }],
      },
    });
    expect(made.status).toBe(201);
    const id = made.body.createdInvoice.id as number;
    const payment = (await entriesOf(id, 'purchase')).find((e) => e.debit === 'accountsPayable')!;
    expect(payment).toMatchObject({ credit: 'cash', amount: '30.00' });
    expect((await remove((await entriesOf(id, 'purchase')).find((e) => e.debit === 'inventory')!.id)).status).toBe(409);

    const deleted = await remove(payment.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Payment deleted successfully', id: payment.id });
    const detail = await t.call('GET', `/v1/purchase-invoice/${id}`, { token: owner });
    expect(detail.body).toMatchObject({ totalAmount: 55, totalPaidAmount: 0, dueAmount: 55, status: 'UNPAID' });
    const listed = await t.call('GET', '/v1/payment-purchase-invoice', { token: owner, query: { purchaseInvoiceId: String(id) } });
    expect(listed.body.totalPaymentPurchaseInvoice).toBe(0);
    const list = await t.call('GET', '/v1/purchase-invoice', { token: owner });
    expect(list.body.getAllPurchaseInvoice.find((r: any) => r.id === id)).toMatchObject({ paidAmount: 0, dueAmount: 55 });
    expect((await remove(payment.id)).status).toBe(409);

    const undone = await t.call('PATCH', `/v1/purchase-invoice/${id}`, { token: owner, body: { status: 'false' } });
    expect(undone.status).toBe(200);
    const [net] = await rows(
      t,
      sql`select coalesce(sum(case when d.system_key = 'accountsPayable' then t.amount when c.system_key = 'accountsPayable' then -t.amount else 0 end), 0)::text as ap,
          coalesce(sum(case when d.system_key = 'cash' then t.amount when c.system_key = 'cash' then -t.amount else 0 end), 0)::text as cash
        from "transaction" t join sub_account d on d.id = t.debit_id join sub_account c on c.id = t.credit_id
        where t.related_id = ${String(id)} and t.type in ('purchase', 'purchaseReturn')`,
    );
    expect(net).toEqual({ ap: '0.00', cash: '0.00' });
  });
});
