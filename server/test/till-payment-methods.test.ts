import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { namedCustomer, referenceProduct, rows } from './sale-fixtures.ts';

/** A payment method for deliveries (cash on delivery) is not taken at the counter; the others are. */
const t = useTestApp({ invariants: true });
let owner: string;
let cashAccount: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  [{ id: cashAccount }] = await rows(t, sql`select id from sub_account where system_key = 'cash'`);
});

const method = async (methodName: string, atTill?: 'true' | 'false') => {
  const made = await t.call('POST', '/v1/payment-method', {
    token: owner,
    body: { methodName, subAccountId: cashAccount, ...(atTill ? { atTill } : {}) },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body;
};

test('the till neither lists nor takes a method not offered at the till', async () => {
  const counter = await method(`Cash ${Date.now()}`);
  const delivery = await method(`Cash on delivery ${Date.now()}`, 'false');
  expect(counter.atTill).toBe('true');
  expect(delivery.atTill).toBe('false');

  const listed = await t.call('GET', '/v1/payment-method', { token: owner, query: { query: 'all' } });
  const byId = new Map(listed.body.getAllPaymentMethod.map((m: any) => [m.id, m.atTill]));
  expect([byId.get(counter.id), byId.get(delivery.id)]).toEqual(['true', 'false']);

  const p = await referenceProduct(t);
  const sell = (paymentType: number) =>
    t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType, amount: 13.2 }] },
    });
  const refused = await sell(delivery.id);
  expect(refused.status).toBe(400);
  expect(refused.body.fields).toEqual({ 'paidAmount.0.paymentType': 'is not offered at the till' });
  expect(refused.body.error).toMatch(/is not offered at the till/);
  expect((await sell(counter.id)).status).toBe(201);
  // nor is it taken for a due paid later at the counter
  const owed = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: { customerId: await namedCustomer(t, owner), saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }] },
  });
  expect(owed.status, JSON.stringify(owed.body)).toBe(201);
  const later = await t.call('POST', '/v1/payment-sale-invoice', {
    token: owner,
    body: { saleInvoiceNo: owed.body.createdInvoice.id, paidAmount: [{ paymentType: delivery.id, amount: 1 }] },
  });
  expect(later.status).toBe(400);
  expect(later.body.fields).toEqual({ 'paidAmount.0.paymentType': 'is not offered at the till' });
  // a hidden method is refused as inactive, an unknown one as not existing
  expect((await t.call('PATCH', `/v1/payment-method/${counter.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
  expect((await sell(counter.id)).body.fields).toEqual({ 'paidAmount.0.paymentType': 'is not an active payment method' });
  expect((await sell(999_999)).body.fields).toEqual({ 'paidAmount.0.paymentType': 'does not exist' });

  // offered at the till again, it is taken
  const edited = await t.call('POST', `/v1/payment-method/${delivery.id}`, { token: owner, body: { atTill: 'true' } });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  expect((await sell(delivery.id)).status).toBe(201);
});

test('a method created without saying where it is offered (as a reference client sends it) is offered at the till and at checkout; the owner can limit it', async () => {
  const either = await method(`Wallet ${Date.now()}`);
  expect(either).toMatchObject({ atTill: 'true', atCheckout: 'true' });
  const checkoutOffers = async () =>
    ((await t.call('GET', '/v1/payment-method/public')).body.getAllPaymentMethod as { id: number }[]).map((m) => m.id);
  expect(await checkoutOffers()).toContain(either.id);
  const p = await referenceProduct(t);
  const sold = await t.call('POST', '/v1/sale-invoice', {
    token: owner,
    body: { saleInvoiceProduct: [{ productId: p.id, productQuantity: 1 }], paidAmount: [{ paymentType: either.id, amount: 13.2 }] },
  });
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);

  // limited to the till when made, or later
  const tillOnly = await t.call('POST', '/v1/payment-method', {
    token: owner,
    body: { methodName: `Drawer ${Date.now()}`, subAccountId: cashAccount, atCheckout: 'false' },
  });
  expect(tillOnly.body).toMatchObject({ atTill: 'true', atCheckout: 'false' });
  expect(await checkoutOffers()).not.toContain(tillOnly.body.id);
  const limited = await t.call('POST', `/v1/payment-method/${either.id}`, { token: owner, body: { atCheckout: 'false' } });
  expect(limited.status, JSON.stringify(limited.body)).toBe(200);
  expect(limited.body).toMatchObject({ atTill: 'true', atCheckout: 'false' });
  expect(await checkoutOffers()).not.toContain(either.id);
  // an edit that does not name the flags leaves them as they are
  const renamed = await t.call('POST', `/v1/payment-method/${either.id}`, {
    token: owner,
    body: { methodName: `Wallet renamed ${Date.now()}` },
  });
  expect(renamed.body).toMatchObject({ atTill: 'true', atCheckout: 'false' });
});
