import { sql } from 'drizzle-orm';
import { makeProduct } from './factories.ts';
import type { TestApp } from './harness.ts';

/** Rows of a raw query. */
export const rows = async (t: TestApp, query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;

/** A cash and a card payment method (the card's money lands in Bank), made through the API. */
export async function paymentMethods(t: TestApp, token: string): Promise<{ cash: number; card: number }> {
  const accounts = await rows(t, sql`select id, system_key from sub_account where system_key in ('cash', 'bank')`);
  const idOf = (key: string) => accounts.find((a) => a.system_key === key).id;
  const make = async (methodName: string, subAccountId: number) => {
    const answer = await t.call('POST', '/v1/payment-method', { token, body: { methodName, subAccountId } });
    if (answer.status !== 201) throw new Error(`payment method: ${JSON.stringify(answer.body)}`);
    return answer.body.id as number;
  };
  return { cash: await make(`Cash ${Date.now()}`, idOf('cash')), card: await make(`Card ${Date.now()}`, idOf('bank')) };
}

/** The seeded 10 % VAT. */
export async function tenPercentVat(t: TestApp): Promise<number> {
  const [vat] = await rows(t, sql`select id from product_vat where percentage = 10 order by id limit 1`);
  return vat.id;
}

/** The reference's product: bought 10 at 5.00 (opening stock at that cost), sold at 12.00 plus 10 % VAT. */
export async function referenceProduct(t: TestApp, quantity = 10) {
  return makeProduct(t, { productQuantity: quantity, productPurchasePrice: 5, productSalePrice: 12, productVatId: await tenPercentVat(t) });
}

/** The ledger entries of one sale: [debit account, credit account, amount], in the order posted. */
export async function salePostingsOf(t: TestApp, invoiceId: number) {
  const entries = await rows(
    t,
    sql`select d.name as debit, c.name as credit, t.amount from "transaction" t join sub_account d on d.id = t.debit_id
      join sub_account c on c.id = t.credit_id where t.type = 'sale' and t.related_id = ${String(invoiceId)} order by t.id`,
  );
  return entries.map((e) => [e.debit, e.credit, Number(e.amount)]);
}

/** A named customer, who may owe (a sale not fully paid needs one: the walk-in customer cannot owe). */
export async function namedCustomer(t: TestApp, token: string): Promise<number> {
  const username = `Buyer ${Math.random().toString(36).slice(2, 10)}`;
  const answer = await t.call('POST', '/v1/customer', { token, body: { username } });
  if (answer.status !== 201) throw new Error(`customer: ${JSON.stringify(answer.body)}`);
  return answer.body.id as number;
}
