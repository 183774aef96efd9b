import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.ts';

let n = 0;

/** A supplier made through the API. */
export async function makeSupplier(t: TestApp, token: string, name = 'Acme Wholesale'): Promise<number> {
  const made = await t.call('POST', '/v1/supplier', {
    token,
    body: { name, phone: `+44 20 ${process.pid} ${Date.now() % 100000} ${n++}` },
  });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  return made.body.id;
}

export const rowsOf = async (t: TestApp, query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;

/** The ledger rows of a purchase invoice as [debit key, credit key, amount, type]. */
export const postingsOf = (t: TestApp, invoiceId: number) =>
  rowsOf(
    t,
    sql`select coalesce(d.system_key, d.name) as debit, coalesce(c.system_key, c.name) as credit, t.amount::text as amount, t.type
      from transaction t join sub_account d on d.id = t.debit_id join sub_account c on c.id = t.credit_id
      where t.related_id = ${String(invoiceId)} and t.type in ('purchase', 'purchaseReturn') order by t.id`,
  );

/** A card payment method landing in the Bank account. */
export async function makeCardMethod(t: TestApp, token: string): Promise<{ id: number }> {
  const [bank] = await rowsOf(t, sql`select id from sub_account where system_key = 'bank'`);
  const made = await t.call('POST', '/v1/payment-method', { token, body: { methodName: `Card ${n++}`, subAccountId: bank.id } });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  return made.body;
}
