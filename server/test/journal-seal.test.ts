import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { journalSealer } from '../src/platform/journal-seal.ts';
import { useTestApp } from './harness.ts';
import { namedCustomer, paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';
import { checkout, checkoutSetup, shopperWithCart } from './shop-fixtures.ts';

/**
 * The sales journal (issue 34): every posted sale, sale return, customer payment and web order is sealed with
 * SHA-256 over its content and the previous document's hash in its series. The verification walks the chains and
 * names the first document that no longer matches: a total edited in SQL, a ledger row's amount, a removed seal.
 */
const t = useTestApp();
let owner: string;
let cash: number;
const sales: { id: number; number: number; line: number }[] = [];

type Chain = { series: string; documents: number; firstBroken?: { position: number; documentId: number; reason: string; message: string } };
const verify = async () => {
  const answer = await t.call('GET', '/v1/audit-log/verify', { token: owner });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { ok: boolean; chains: Chain[] };
};
const chain = (result: { chains: Chain[] }, series: string) => result.chains.find((c) => c.series === series)!;

beforeAll(async () => {
  owner = await t.ownerToken();
  cash = (await paymentMethods(t, owner)).cash;
  const product = await referenceProduct(t, 50);
  const customer = await namedCustomer(t, owner);
  for (const paid of [13.2, 0, 26.4]) {
    const answer = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: {
        customerId: customer,
        saleInvoiceProduct: [{ productId: product.id, productQuantity: paid ? Math.round(paid / 13.2) : 2 }],
        paidAmount: paid ? [{ paymentType: cash, amount: paid }] : [],
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const made = answer.body.createdInvoice;
    sales.push({ id: made.id, number: made.number, line: made.saleInvoiceProduct[0].id });
  }
  // a customer pays the second sale later, in two tenders; the first sale has a return
  const paid = await t.call('POST', '/v1/payment-sale-invoice', {
    token: owner,
    body: {
      saleInvoiceNo: sales[1]!.id,
      paidAmount: [
        { paymentType: cash, amount: 10 },
        { paymentType: cash, amount: 16.4 },
      ],
    },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  const returned = await t.call('POST', '/v1/return-sale-invoice', {
    token: owner,
    body: { saleInvoiceId: sales[0]!.id, returnSaleInvoiceProduct: [{ saleInvoiceProductId: sales[0]!.line, productQuantity: 1 }] },
  });
  expect(returned.status, JSON.stringify(returned.body)).toBe(201);
  const setup = await checkoutSetup(t, owner);
  const shopper = await shopperWithCart(t, [{ productId: product.id, productQuantity: 1 }]);
  const placed = await checkout(t, shopper, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod, deliveryAddress: '1 High Street' });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  // a web order is sealed just after its commit, by the journal's sealer the checkout pokes
  await journalSealer(t.database.db).idle();
});

describe('the sales journal', () => {
  test('every posted document is sealed in its series, and the chains hold after later payments and returns', async () => {
    const result = await verify();
    expect(result.ok).toBe(true);
    expect(chain(result, 'sale').documents).toBe(
      Number((await rows(t, sql`select count(*)::int as n from sale_invoice where number > 0`))[0].n),
    );
    expect(chain(result, 'sale').documents).toBeGreaterThanOrEqual(3);
    expect(chain(result, 'saleReturn').documents).toBe(1);
    // the two tenders of the later payment are two sealed ledger rows; the sales' own tenders are in their seals
    expect(chain(result, 'customerPayment').documents).toBe(2);
    expect(chain(result, 'order').documents).toBe(1);
    expect(result.chains.every((c) => !c.firstBroken)).toBe(true);
  });

  test('web orders placed at once are each sealed once, at gap-free places of their chain, just after their commits', async () => {
    const [product] = await rows(t, sql`select id from product order by id desc limit 1`);
    const setup = await checkoutSetup(t, owner);
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, () => shopperWithCart(t, [{ productId: product.id, productQuantity: 1 }])),
    );
    const placed = await Promise.all(
      shoppers.map((s) => checkout(t, s, { deliveryFeeId: setup.feeId, paymentMethodId: setup.cod, deliveryAddress: '2 High Street' })),
    );
    for (const answer of placed) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    await journalSealer(t.database.db).idle();
    const seals = await rows(t, sql`select position, document_id from document_seal where series = 'order' order by position`);
    expect(seals.map((s) => Number(s.position))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(seals.map((s) => Number(s.document_id))).size).toBe(7);
    expect(await rows(t, sql`select * from seal_queue`)).toEqual([]);
    expect(chain(await verify(), 'order')).toEqual({ series: 'order', documents: 7 });
  });

  test('the seals cannot be changed or removed', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'done',
        (error: { cause?: { message?: string } }) => error.cause?.message,
      );
    expect(await refusal(sql`update document_seal set hash = 'x' where series = 'sale'`)).toMatch(/never changed: update refused/);
    expect(await refusal(sql`delete from document_seal where series = 'sale'`)).toMatch(/never changed: delete refused/);
    expect(await refusal(sql`truncate document_seal`)).toMatch(/never changed: truncate refused/);
    expect((await verify()).ok).toBe(true);
  });

  test("a posted sale's total edited in SQL: the verification names that sale, and only its chain breaks", async () => {
    const target = sales[1]!;
    await t.database.db.execute(sql`update sale_invoice set total_amount = total_amount - 1 where id = ${target.id}`);
    const result = await verify();
    expect(result.ok).toBe(false);
    expect(chain(result, 'sale').firstBroken).toMatchObject({ position: target.number, documentId: target.id, reason: 'changed' });
    expect(chain(result, 'sale').firstBroken!.message).toContain(`Sale #${target.number}`);
    expect(chain(result, 'sale').documents).toBe(target.number - 1);
    expect(result.chains.filter((c) => c.firstBroken).map((c) => c.series)).toEqual(['sale']);
    await t.database.db.execute(sql`update sale_invoice set total_amount = total_amount + 1 where id = ${target.id}`);
    expect((await verify()).ok).toBe(true);
  });

  test("a ledger row of a customer payment edited in SQL breaks the payments' chain at that payment", async () => {
    const [second] = await rows(t, sql`select position, document_id from document_seal where series = 'customerPayment' and position = 2`);
    await t.database.db.execute(sql`update "transaction" set amount = amount + 1 where id = ${second.document_id}`);
    const broken = chain(await verify(), 'customerPayment');
    expect(broken.firstBroken).toMatchObject({ position: 2, documentId: Number(second.document_id), reason: 'changed' });
    await t.database.db.execute(sql`update "transaction" set amount = amount - 1 where id = ${second.document_id}`);
  });

  test('a sale whose seal is gone (the table replaced) is named as unsealed or missing', async () => {
    // the triggers refuse a delete; a superuser can still drop them: the chain then shows the gap
    await t.database.db.execute(sql`alter table document_seal disable trigger document_seal_refuse`);
    await t.database.db.execute(sql`delete from document_seal where series = 'sale' and position = ${sales[0]!.number}`);
    await t.database.db.execute(sql`alter table document_seal enable trigger document_seal_refuse`);
    const broken = chain(await verify(), 'sale');
    expect(broken.firstBroken).toMatchObject({ position: sales[0]!.number, documentId: sales[0]!.id, reason: 'sealMissing' });
  });
});

describe('reading it', () => {
  test('needs the audit log permission', async () => {
    const cashier = await t.staffWith(['readAll-saleInvoice'], 'journal-cashier');
    expect((await t.call('GET', '/v1/audit-log/verify', { token: cashier.token })).status).toBe(403);
  });
});
