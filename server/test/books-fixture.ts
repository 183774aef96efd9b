import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { post, type SystemAccountKey } from '../src/modules/accounting/index.ts';
import { fixedClock } from '../src/platform/clock.ts';
import { makeProduct } from './factories.ts';
import type { TestApp } from './harness.ts';
import { makeSupplier } from './purchase-fixtures.ts';
import { namedCustomer, paymentMethods, rows } from './sale-fixtures.ts';

/**
 * The books of issue 10's statements test: one month of a shop in Tokyo (UTC+9), every document made
 * through the API at an instant the evening before in UTC, so each is dated the next day in the shop.
 * Manual entries (there is no POST transaction on this branch) go through `post`, the books' one door.
 * The figures each step posts are in books-statements.test.ts, worked out by hand.
 */

/** The instant 01:00 on `day` in Tokyo: still the day before in UTC. */
export const tokyoMorning = (day: string) => new Date(new Date(`${day}T01:00:00+09:00`).getTime());

export interface Books {
  owner: string;
  supplierId: number;
  cash: number;
  card: number;
  a: number;
  b: number;
  p1: number;
  s1: number;
  s2: number;
  s3: number;
}

async function ok(answer: Promise<{ status: number; body: any }>, status = 201) {
  const a = await answer;
  expect(a.status, JSON.stringify(a.body)).toBe(status);
  return a.body;
}

/** A manual entry between two system accounts, posted as the journal's own type. */
export async function manualEntry(
  t: TestApp,
  date: string,
  debit: SystemAccountKey,
  credit: SystemAccountKey,
  cents: number,
  particulars: string,
) {
  await t.database.db.transaction((tx) => post(tx, [{ date, debit, credit, amount: cents, particulars, type: 'transaction' }]));
}

/** Runs the month of the fixture (see the test's header for every posting). */
export async function buildBooks(t: TestApp): Promise<Books> {
  const at = (day: string) => {
    t.config.clock = fixedClock(tokyoMorning(day));
  };
  const owner = await t.ownerToken();
  await ok(t.call('POST', '/v1/setting', { token: owner, body: { timeZone: 'Asia/Tokyo' } }), 200);
  const call = (method: string, url: string, body: unknown) => t.call(method, url, { token: owner, body });
  const { cash, card } = await paymentMethods(t, owner);
  const supplierId = await makeSupplier(t, owner, `Books Supplier ${Date.now()}`);
  const vats = await rows(t, sql`select id, percentage from product_vat where percentage in (10, 15) order by id`);
  const vatId = (rate: number) => vats.find((v) => Number(v.percentage) === rate).id as number;
  const a = (await makeProduct(t, { productPurchasePrice: 0, productSalePrice: 12, productVatId: vatId(10) })).id;
  const b = (await makeProduct(t, { productPurchasePrice: 0, productSalePrice: 40, productVatId: vatId(15) })).id;

  await manualEntry(t, '2026-06-01', 'cash', 'ownerEquity', 100000, 'Owner puts in capital');

  at('2026-06-02');
  const p1 = (
    await ok(
      call('POST', '/v1/purchase-invoice', {
        supplierId,
        paidAmount: [{ amount: 100 }],
        purchaseInvoiceProduct: [
          { productId: a, productQuantity: 10, productUnitPurchasePrice: 5, tax: 10 },
          { productId: b, productQuantity: 4, productUnitPurchasePrice: 20, tax: 15 },
        ],
      }),
    )
  ).createdInvoice;

  at('2026-06-03');
  await ok(
    call('POST', '/v1/return-purchase-invoice', {
      purchaseInvoiceId: p1.id,
      instantReturnAmount: [{ amount: 46 }],
      returnPurchaseInvoiceProduct: [
        { purchaseInvoiceProductId: p1.purchaseInvoiceProduct.find((l: any) => l.productId === b).id, productQuantity: 2 },
      ],
    }),
  );

  at('2026-06-05');
  // paid later, so a named customer owes it
  const buyerId = await namedCustomer(t, owner);
  const s1 = (
    await ok(
      call('POST', '/v1/sale-invoice', {
        customerId: buyerId,
        saleInvoiceProduct: [
          { productId: a, productQuantity: 2 },
          { productId: b, productQuantity: 1 },
        ],
        paidAmount: [
          { paymentType: cash, amount: 30 },
          { paymentType: card, amount: 20 },
        ],
      }),
    )
  ).createdInvoice;

  at('2026-06-06');
  await ok(
    call('POST', '/v1/return-sale-invoice', {
      saleInvoiceId: s1.id,
      instantReturnAmount: [{ paymentType: cash, amount: 5 }],
      returnSaleInvoiceProduct: [
        { saleInvoiceProductId: s1.saleInvoiceProduct.find((l: any) => l.productId === a).id, productQuantity: 1 },
      ],
    }),
  );

  at('2026-06-08');
  await ok(call('POST', '/v1/payment-sale-invoice', { saleInvoiceNo: s1.id, paidAmount: [{ paymentType: cash, amount: 10 }] }));

  at('2026-06-10');
  await ok(call('POST', '/v1/payment-sale-invoice', { saleInvoiceNo: s1.id, paidAmount: [{ paymentType: card, amount: 4 }] }));
  const [cardPayment] = await rows(
    t,
    sql`select t.id from "transaction" t join sub_account d on d.id = t.debit_id
      where t.related_id = ${String(s1.id)} and d.system_key = 'bank' and t.amount = 4`,
  );
  await ok(t.call('DELETE', `/v1/transaction/${cardPayment.id}`, { token: owner }), 200);

  at('2026-06-12');
  const s2 = (
    await ok(
      call('POST', '/v1/sale-invoice', {
        saleInvoiceProduct: [{ productId: b, productQuantity: 1 }],
        paidAmount: [{ paymentType: cash, amount: 46 }],
      }),
    )
  ).createdInvoice;
  at('2026-06-13');
  await ok(call('PATCH', `/v1/sale-invoice/${s2.id}`, { status: 'false' }), 200);

  await manualEntry(t, '2026-06-15', 'rent', 'cash', 2000, 'June rent');
  await manualEntry(t, '2026-06-20', 'tax', 'bank', 300, 'VAT paid to the tax office');

  // 00:30 on 30 June in Tokyo is still 29 June in UTC: the payment is dated 30 June, the range's last day
  t.config.clock = fixedClock('2026-06-29T15:30:00Z');
  await ok(call('POST', '/v1/payment-purchase-invoice', { purchaseInvoiceNo: p1.id, paidAmount: [{ amount: 20 }] }));
  await manualEntry(t, '2026-06-30', 'ownerWithdrawal', 'cash', 2500, 'Owner takes money out');

  // 00:30 on 1 July in Tokyo is still 30 June in UTC: the sale is dated 1 July, the day after the range
  t.config.clock = fixedClock('2026-06-30T15:30:00Z');
  const s3 = (
    await ok(
      call('POST', '/v1/sale-invoice', {
        saleInvoiceProduct: [{ productId: a, productQuantity: 2 }],
        paidAmount: [{ paymentType: cash, amount: 26.4 }],
      }),
    )
  ).createdInvoice;

  return { owner, supplierId, cash, card, a, b, p1: p1.id, s1: s1.id, s2: s2.id, s3: s3.id };
}
