import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { register, type Shopper } from './customer-fixtures.ts';
import type { TestApp } from './harness.ts';
import { referenceProduct, rows } from './sale-fixtures.ts';

export { rows };

let counter = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${counter++}`;

/** What a checkout needs: a delivery area, cash on delivery, a bank transfer method and a courier, made through the API. */
export async function checkoutSetup(t: TestApp, owner: string, fee = 5) {
  const accounts = await rows(t, sql`select id, system_key from sub_account where system_key in ('cash', 'bank')`);
  const account = (key: string) => accounts.find((a) => a.system_key === key).id as number;
  const made = async (path: string, body: unknown) => {
    const answer = await t.call('POST', `/v1/${path}`, { token: owner, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id as number;
  };
  return {
    feeId: await made('delivery-fee', { deliveryArea: unique('Town'), deliveryFee: fee }),
    cod: await made('payment-method', {
      methodName: unique('COD'),
      subAccountId: account('cash'),
      atTill: 'false',
      isCod: 'true',
      atCheckout: 'true',
    }),
    bank: await made('payment-method', {
      methodName: unique('Transfer'),
      subAccountId: account('bank'),
      atTill: 'false',
      atCheckout: 'true',
    }),
    courierId: await made('courier-medium', {
      courierMediumName: unique('Courier'),
      address: 'Depot',
      phone: `+1555${process.pid}${counter++}`,
      type: 'courier',
    }),
  };
}

export type CheckoutSetup = Awaited<ReturnType<typeof checkoutSetup>>;

/** A shopper with these lines in the server cart. */
export async function shopperWithCart(t: TestApp, lines: { productId: number; productQuantity: number }[]): Promise<Shopper> {
  const shopper = await register(t, 'buyer');
  const answer = await t.call('POST', '/v1/cart', { token: shopper.token, body: { cartProduct: lines } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return shopper;
}

export const checkout = (t: TestApp, shopper: Pick<Shopper, 'token'>, body: unknown, key?: string) =>
  t.call('POST', '/v1/cart-order', { token: shopper.token, body, headers: key ? { 'idempotency-key': key } : {} });

export const moveOrder = (t: TestApp, token: string, body: unknown) => t.call('PATCH', '/v1/cart-order/order', { token, body });

/** The ledger entries of one order: [debit account, credit account, amount], in the order posted. */
export async function orderPostingsOf(t: TestApp, orderId: number) {
  const entries = await rows(
    t,
    sql`select d.name as debit, c.name as credit, t.amount from "transaction" t join sub_account d on d.id = t.debit_id
      join sub_account c on c.id = t.credit_id where t.type = 'order' and t.related_id = ${String(orderId)} order by t.id`,
  );
  return entries.map((e) => [e.debit, e.credit, Number(e.amount)]);
}

/** The reference product: 10 on hand at cost 5.00, sold at 12.00 + 10 % VAT (13.20 a unit). */
export const shopProduct = (t: TestApp, quantity = 10) => referenceProduct(t, quantity);
