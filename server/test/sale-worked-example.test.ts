import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { useTestApp } from './harness.ts';
import { makeSupplier, postingsOf } from './purchase-fixtures.ts';
import { paymentMethods, rows, salePostingsOf, tenPercentVat } from './sale-fixtures.ts';

/**
 * The reference's worked example, figure by figure, through the API. The purchase alone is checked in
 * purchase-invoice.test.ts and the sale alone (on opening stock, with its lines and answer) in
 * sale-create.test.ts; here the four steps run in a row, the sale taking the purchased stock, and
 * each step's stock, average cost, postings, paid and due are checked, then every account's movement:
 *
 * 1. Purchase 10 at 5.00 with 10 % VAT, paid 30 in cash.
 *    Dr Inventory 50.00 / Cr AP; Dr Tax 5.00 / Cr AP; Dr AP 30.00 / Cr Cash.
 *    Stock 10, average cost 5.00; purchase total 55.00, paid 30.00, due 25.00.
 * 2. Sale of 3 at 12.00, line discount 1.00, 10 % VAT: net 3 × 12 − 1 = 35.00, VAT 3.50, total 38.50;
 *    20.00 cash and the rest, 18.50, by card.
 *    Dr Cost of Sales 15.00 (3 × 5.00) / Cr Inventory; Dr AR 35.00 / Cr Sales; Dr AR 3.50 / Cr Tax;
 *    Dr Cash 20.00 / Cr AR; Dr Bank 18.50 / Cr AR. Stock 7, average 5.00; paid 38.50, due 0; profit 20.00.
 * 3. Return of 1, its value refunded in cash: net 35.00 / 3 = 11.67, VAT 3.50 / 3 = 1.17, value 12.84,
 *    cost 5.00 (the sale's cost). Dr Inventory 5.00 / Cr Cost of Sales; Dr Sales 11.67 / Cr AR;
 *    Dr Tax 1.17 / Cr AR; Dr AR 12.84 / Cr Cash. Stock 8, average 5.00;
 *    sale due = 38.50 − 12.84 − 38.50 + 12.84 = 0; profit 20.00 − (11.67 − 5.00) = 13.33.
 * 4. Payment of the rest to the supplier: Dr AP 25.00 / Cr Cash; purchase paid 55.00, due 0.
 *
 * In the end: Cash −30 + 20 − 12.84 − 25 = −47.84, Bank +18.50, Inventory 50 − 15 + 5 = 40.00 (8 × 5.00),
 * AR 0, AP 0, Tax (input 5.00 − output 3.50 + 1.17) = 2.67 debit, Sales 23.33 credit, Cost of Sales 10.00.
 */
const t = useTestApp({ invariants: true });

/** Each system account's balance (debits − credits) in cents. */
async function balances(): Promise<Record<string, number>> {
  const found = await rows(
    t,
    sql`select a.system_key as key,
        round(coalesce((select sum(amount) from "transaction" where debit_id = a.id), 0) * 100
          - coalesce((select sum(amount) from "transaction" where credit_id = a.id), 0) * 100)::int as cents
      from sub_account a where a.system_key is not null`,
  );
  return Object.fromEntries(found.map((r) => [r.key, Number(r.cents)]));
}

/** What moved on each account since `before`, leaving out accounts that did not move. */
async function movedSince(before: Record<string, number>) {
  const now = await balances();
  return Object.fromEntries(
    Object.entries(now).flatMap(([key, cents]) => (cents !== before[key] ? [[key, (cents - before[key]!) / 100]] : [])),
  );
}

test('the worked example: purchase, split-tender sale, return of 1, payment of the rest', async () => {
  const owner = await t.ownerToken();
  const { cash, card } = await paymentMethods(t, owner);
  const supplierId = await makeSupplier(t, owner, 'Worked Example Ltd');
  const product = await makeProduct(t, {
    productQuantity: 0,
    productPurchasePrice: 0,
    productSalePrice: 12,
    productVatId: await tenPercentVat(t),
  });
  const start = await balances();

  // 1. the purchase
  const purchase = await t.call('POST', '/v1/purchase-invoice', {
    token: owner,
    body: {
      supplierId,
      paidAmount: [{ amount: 30 }],
      purchaseInvoiceProduct: [{ productId: product.id, productQuantity: 10, productUnitPurchasePrice: 5, tax: 10 }],
    },
  });
  expect(purchase.status, JSON.stringify(purchase.body)).toBe(201);
  const purchaseId = purchase.body.createdInvoice.id as number;
  expect(await postingsOf(t, purchaseId)).toEqual([
    { debit: 'inventory', credit: 'accountsPayable', amount: '50.00', type: 'purchase' },
    { debit: 'tax', credit: 'accountsPayable', amount: '5.00', type: 'purchase' },
    { debit: 'accountsPayable', credit: 'cash', amount: '30.00', type: 'purchase' },
  ]);
  expect(await readProduct(t, product.id)).toMatchObject({ productQuantity: 10, productPurchasePrice: 5 });
  const purchaseDetail = async () => (await t.call('GET', `/v1/purchase-invoice/${purchaseId}`, { token: owner })).body;
  expect(await purchaseDetail()).toMatchObject({ totalAmount: 55, totalPaidAmount: 30, dueAmount: 25 });

  // 2. the sale
  const sold = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: {
      saleInvoiceProduct: [{ productId: product.id, productQuantity: 3, productDiscount: 1 }],
      paidAmount: [
        { paymentType: cash, amount: 20 },
        { paymentType: card, amount: 18.5 },
      ],
    },
  });
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  const saleId = sold.body.createdInvoice.id as number;
  expect(sold.body.createdInvoice).toMatchObject({
    totalAmount: 35,
    totalTaxAmount: 3.5,
    totalDiscountAmount: 1,
    profit: 20,
    paidAmount: 38.5,
    dueAmount: 0,
  });
  expect(sold.body.change).toBe(0);
  expect(await salePostingsOf(t, saleId)).toEqual([
    ['Cost of Sales', 'Inventory', 15],
    ['Accounts Receivable', 'Sales', 35],
    ['Accounts Receivable', 'Tax', 3.5],
    ['Cash', 'Accounts Receivable', 20],
    ['Bank', 'Accounts Receivable', 18.5],
  ]);
  expect(await readProduct(t, product.id)).toMatchObject({ productQuantity: 7, productPurchasePrice: 5 });
  const saleDetail = async () => (await t.call('GET', `/v1/sale-invoice/${saleId}`, { token: owner })).body;
  expect(await saleDetail()).toMatchObject({ status: 'PAID', totalAmount: 38.5, totalPaidAmount: 38.5, dueAmount: 0 });

  // 3. the return of 1, refunded in cash
  const back = await t.call('POST', '/v1/return-sale-invoice', {
    token: owner,
    body: {
      saleInvoiceId: saleId,
      instantReturnAmount: [{ paymentType: cash, amount: 12.84 }],
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: sold.body.createdInvoice.saleInvoiceProduct[0].id, productQuantity: 1 }],
    },
  });
  expect(back.status, JSON.stringify(back.body)).toBe(201);
  expect(back.body.createdReturnSaleInvoice).toMatchObject({ totalAmount: 11.67, tax: 1.17, instantReturnAmount: 12.84 });
  const returnRows = await rows(
    t,
    sql`select d.name as debit, c.name as credit, t.amount::text as amount from "transaction" t join sub_account d on d.id = t.debit_id
      join sub_account c on c.id = t.credit_id where t.type = 'saleReturn' and t.related_id = ${String(saleId)} order by t.id`,
  );
  expect(returnRows).toEqual([
    { debit: 'Inventory', credit: 'Cost of Sales', amount: '5.00' },
    { debit: 'Sales', credit: 'Accounts Receivable', amount: '11.67' },
    { debit: 'Tax', credit: 'Accounts Receivable', amount: '1.17' },
    { debit: 'Accounts Receivable', credit: 'Cash', amount: '12.84' },
  ]);
  expect(await readProduct(t, product.id)).toMatchObject({ productQuantity: 8, productPurchasePrice: 5 });
  const afterReturn = await saleDetail();
  expect(afterReturn).toMatchObject({
    totalAmount: 38.5,
    totalPaidAmount: 38.5,
    totalReturnAmount: 12.84,
    instantPaidReturnAmount: 12.84,
    dueAmount: 0,
    status: 'PAID',
  });
  expect(afterReturn.singleSaleInvoice.profit).toBe(13.33);

  // 4. the payment of the rest to the supplier
  const paid = await t.call('POST', '/v1/payment-purchase-invoice', {
    token: owner,
    body: { purchaseInvoiceNo: purchaseId, paidAmount: [{ amount: 25 }] },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  expect((await postingsOf(t, purchaseId)).at(-1)).toEqual({ debit: 'accountsPayable', credit: 'cash', amount: '25.00', type: 'purchase' });
  expect(await purchaseDetail()).toMatchObject({ totalAmount: 55, totalPaidAmount: 55, dueAmount: 0, status: 'PAID' });

  expect(await movedSince(start)).toEqual({
    cash: -47.84,
    bank: 18.5,
    inventory: 40,
    tax: 2.67,
    sales: -23.33,
    costOfSales: 10,
  });
});
