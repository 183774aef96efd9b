import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.ts';

/**
 * The VAT a document's postings leave on the Tax account, per rate (credits less debits), for the
 * posting types given (e.g. order and orderReturn) and the document's related id: `{ '10': 3.24 }`.
 */
export async function ledgerVatByRate(t: TestApp, types: readonly string[], relatedId: number): Promise<Record<string, number>> {
  const result = await t.database.db.execute(sql`
    select t.vat_rate::float8 as rate,
      (coalesce(sum(t.amount) filter (where t.credit_id = tax.id), 0) - coalesce(sum(t.amount) filter (where t.debit_id = tax.id), 0))::float8 as vat
    from "transaction" t cross join (select id from sub_account where system_key = 'tax') tax
    where t.type in (${sql.join(
      types.map((x) => sql`${x}`),
      sql`, `,
    )}) and t.related_id = ${String(relatedId)} and tax.id in (t.debit_id, t.credit_id)
    group by t.vat_rate order by t.vat_rate`);
  const rows = (result as unknown as { rows: { rate: number | null; vat: number }[] }).rows;
  return Object.fromEntries(rows.map((r) => [String(r.rate), Math.round(r.vat * 100) / 100]));
}
