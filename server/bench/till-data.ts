/**
 * The till's day in the bench (issue 31): an open session the sale scenario sells in, and a second session holding
 * 10,000 sales made in SQL (the lines and the ledger rows a cash sale posts, tagged with the session) for the X
 * report. Made only on a schema with till sessions (an A/B baseline from before them runs without).
 */
import type { RawSql } from './raw-sql.ts';

export const xReportSales = 10_000;

export interface TillFixtures {
  /** The session the sale scenario sells in. */
  saleSessionId: number;
  /** The session of 10,000 sales whose X report is measured. */
  xSessionId: number;
}

type Call = (method: string, url: string, token?: string, body?: unknown) => Promise<Record<string, unknown>>;

export async function tillData(
  sql: RawSql,
  call: Call,
  owner: string,
  cashMethodId: number,
  firstProductId: number,
): Promise<TillFixtures> {
  const open = async (name: string) => {
    const till = await call('POST', '/v1/till', owner, { name });
    const session = await call('POST', '/v1/till-session', owner, { tillId: till.id, openingFloat: 100 });
    return { session: Number(session.id), drawer: Number(till.subAccountId) };
  };
  const sale = await open('Bench till');
  const x = await open('Bench X till');
  const [keys] = await sql(
    `select (select id from sub_account where system_key = 'accountsReceivable') as ar, (select id from sub_account where system_key = 'sales') as sales,
      (select id from sub_account where system_key = 'tax') as tax, (select id from sub_account where system_key = 'costOfSales') as cos,
      (select id from sub_account where system_key = 'inventory') as inv, (select min(id) from customer) as customer, (select min(id) from users) as usr`,
  );
  const k = keys!;
  // a sale's net 10..409 at 10 % VAT, paid in cash into the drawer; its cost 40 % of the net
  await sql(
    `insert into sale_invoice (date, state, customer_id, user_id, total_amount, total_tax_amount, total_discount_amount, profit, note,
       paid_amount, due_amount, order_status, till_session_id)
     select current_date, 'completed', ${k.customer}, ${k.usr}, 10 + i % 400, round((10 + i % 400) * 0.1, 2), 0, round((10 + i % 400) * 0.6, 2),
       'x-report', (10 + i % 400) + round((10 + i % 400) * 0.1, 2), 0, 'RECEIVED', ${x.session}
     from generate_series(1, ${xReportSales}) i`,
  );
  await sql(
    `insert into sale_invoice_product (invoice_id, product_id, product_quantity, product_unit_sale_price, product_discount, product_final_amount,
       tax, tax_amount, unit_cost)
     select s.id, ${firstProductId}, 1, s.total_amount, 0, s.total_amount, 10, s.total_tax_amount, round(s.total_amount * 0.4, 2)
     from sale_invoice s where s.till_session_id = ${x.session}`,
  );
  await sql(
    `insert into "transaction" (date, debit_id, credit_id, particulars, amount, type, related_id, vat_rate, till_session_id, payment_method_id)
     select current_date, e.dr, e.cr, 'Sale #' || s.id || ': ' || e.what, e.amount, 'sale', s.id::text, e.rate, ${x.session}, e.method
     from sale_invoice s, lateral (values
       (${k.cos}::int, ${k.inv}::int, 'cost of goods sold', round(s.total_amount * 0.4, 2), null::numeric, null::int),
       (${k.ar}, ${k.sales}, 'sales', s.total_amount, null, null),
       (${k.ar}, ${k.tax}, 'VAT 10 %', s.total_tax_amount, 10, null),
       (${x.drawer}, ${k.ar}, 'paid by cash', s.total_amount + s.total_tax_amount, null, ${cashMethodId})) e(dr, cr, what, amount, rate, method)
     where s.till_session_id = ${x.session}`,
  );
  await sql('analyze sale_invoice');
  await sql('analyze "transaction"');
  return { saleSessionId: sale.session, xSessionId: x.session };
}

/**
 * The X report's limit: the session's ledger rows summed in one statement, the figures the report's heart
 * (sales with VAT, cash taken into the drawer and the expected cash): $1 the session.
 */
export const xReportSql = `select s.id, round(coalesce(sum(x.amount) filter (where x.type = 'sale' and c.system_key in ('sales', 'tax')), 0), 2)::float8 as sales,
    (s.opening_float - s.float_difference + coalesce(sum(case when x.debit_id = t.sub_account_id then x.amount when x.credit_id = t.sub_account_id
      then -x.amount else 0 end), 0))::float8 as "expectedCash"
  from till_session s join till t on t.id = s.till_id left join "transaction" x on x.till_session_id = s.id
  left join sub_account c on c.id = x.credit_id where s.id = $1 group by s.id, t.sub_account_id`;
