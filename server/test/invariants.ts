import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { verifyJournal } from '../src/modules/audit/verify-journal.ts';
import { journalSealer } from '../src/platform/journal-seal.ts';
import type { TestApp } from './harness.ts';

/** After every stock flow: each product's on-hand quantity equals the sum of its movements. */
export async function expectStockMatchesMovements(t: TestApp): Promise<void> {
  const rows = await t.database.db.execute(sql`
    select p.id, p.name, p.product_quantity as on_hand, coalesce(sum(m.quantity), 0)::int as moved
    from product p left join stock_movement m on m.product_id = p.id
    group by p.id having p.product_quantity <> coalesce(sum(m.quantity), 0)`);
  expect((rows as unknown as { rows: unknown[] }).rows, 'products whose stock differs from their movements').toEqual([]);
  // per variant too, and a product with variants holds at least their sum (the rest: stock not yet shared out)
  const variants = await t.database.db.execute(sql`
    select v.id, v.sku, v.product_quantity as on_hand, coalesce(sum(m.quantity), 0)::int as moved
    from product_variant v left join stock_movement m on m.product_variant_id = v.id
    group by v.id having v.product_quantity <> coalesce(sum(m.quantity), 0)
    union all
    select p.id, p.sku, p.product_quantity, (select coalesce(sum(v.product_quantity), 0)::int from product_variant v where v.product_id = p.id)
    from product p where p.has_variants
      and p.product_quantity - (select coalesce(sum(v.product_quantity), 0) from product_variant v where v.product_id = p.id)
        <> (select coalesce(sum(m.quantity), 0) from stock_movement m where m.product_id = p.id and m.product_variant_id is null)`);
  expect((variants as unknown as { rows: unknown[] }).rows, 'variants whose stock differs from their movements').toEqual([]);
}

/** After every flow that posts: total debits equal total credits, and every row has two sides. */
export async function expectLedgerBalanced(t: TestApp): Promise<void> {
  const result = await t.database.db.execute(sql`
    select coalesce(sum(amount), 0)::text as debits,
      (select coalesce(sum(amount), 0) from transaction)::text as credits,
      count(*) filter (where debit_id = credit_id or amount <= 0)::int as broken
    from transaction`);
  const [row] = (result as unknown as { rows: { debits: string; credits: string; broken: number }[] }).rows;
  expect(row!.broken).toBe(0);
  expect(row!.debits).toBe(row!.credits);
}

/**
 * Every stock movement is valued and posted: the Inventory account's balance equals the sum of
 * movements valued at their unit cost.
 */
export async function expectInventoryMatchesLedger(t: TestApp): Promise<void> {
  const result = await t.database.db.execute(sql`
    with inv as (select id from sub_account where system_key = 'inventory')
    select
      (select coalesce(sum(case when debit_id = inv.id then amount else -amount end), 0) from transaction, inv
        where debit_id = inv.id or credit_id = inv.id)::numeric(14,2)::text as ledger,
      (select coalesce(sum(quantity * unit_cost), 0) from stock_movement)::numeric(14,2)::text as stock`);
  const [row] = (result as unknown as { rows: { ledger: string; stock: string }[] }).rows;
  expect(row!.ledger, 'Inventory account balance vs. stock movements at cost').toBe(row!.stock);
}

/**
 * The paid, due, returned and refunded figures kept on every sale and purchase invoice equal what
 * the ledger holds for it (reference 3.4, its live entries: a deleted payment and its reversal left
 * out); an invoice that is not live (held, cancelled, undone) keeps zeros. Computed here from the
 * ledger on its own, not by the server's code, so a flow that posts without keeping them fails.
 */
export async function expectInvoiceFiguresMatchLedger(t: TestApp): Promise<void> {
  const figures = (table: string, live: string, main: string, back: string, account: string, owed: 'debit_id' | 'credit_id') => {
    const settled = owed === 'debit_id' ? 'credit_id' : 'debit_id';
    return sql.raw(`
      with a as (select id from sub_account where system_key = '${account}'),
      f as (
        select t.related_id,
          coalesce(sum(t.amount) filter (where t.type = '${main}' and t.${owed} = a.id), 0) as total,
          coalesce(sum(t.amount) filter (where t.type = '${main}' and t.${settled} = a.id), 0) as paid,
          coalesce(sum(t.amount) filter (where t.type = '${back}' and t.${settled} = a.id), 0) as returned,
          coalesce(sum(t.amount) filter (where t.type = '${back}' and t.${owed} = a.id), 0) as refunded
        from "transaction" t cross join a
        where t.type in ('${main}', '${back}') and t.reverses_id is null
          and not exists (select 1 from "transaction" r where r.reverses_id = t.id)
        group by t.related_id),
      ledger as (
        select d.id,
          case when d.state = '${live}' then coalesce(f.paid, 0) else 0 end as paid,
          case when d.state = '${live}' then coalesce(f.total - f.returned - f.paid + f.refunded, 0) else 0 end as due,
          case when d.state = '${live}' then coalesce(f.returned, 0) else 0 end as returned,
          case when d.state = '${live}' then coalesce(f.refunded, 0) else 0 end as refunded
        from ${table} d left join f on f.related_id = d.id::text)
      select '${table}' as invoices, d.id, d.state,
        d.paid_amount::text || ' / ' || l.paid::numeric(14,2)::text as paid,
        d.due_amount::text || ' / ' || l.due::numeric(14,2)::text as due,
        d.return_amount::text || ' / ' || l.returned::numeric(14,2)::text as returned,
        d.instant_paid_return_amount::text || ' / ' || l.refunded::numeric(14,2)::text as refunded
      from ${table} d join ledger l on l.id = d.id
      where (d.paid_amount, d.due_amount, d.return_amount, d.instant_paid_return_amount) <> (l.paid, l.due, l.returned, l.refunded)
      order by d.id`);
  };
  for (const statement of [
    figures('sale_invoice', 'completed', 'sale', 'saleReturn', 'accountsReceivable', 'debit_id'),
    figures('purchase_invoice', 'active', 'purchase', 'purchaseReturn', 'accountsPayable', 'credit_id'),
  ]) {
    const result = await t.database.db.execute(statement);
    expect((result as unknown as { rows: unknown[] }).rows, 'invoices whose kept figures (kept / ledger) differ from the ledger').toEqual(
      [],
    );
  }
}

/**
 * No active purchase has been paid back by its supplier (its returns' instant refunds) more than was paid
 * on it, worked out from the ledger alone: the payments are the `purchase` entries that settle Accounts
 * Payable, the refunds the `purchaseReturn` entries that credit it; live entries only. The kept figures'
 * equality with the ledger is `expectInvoiceFiguresMatchLedger`'s; this holds what a return may refund.
 */
export async function expectPurchaseRefundsWithinPaid(t: TestApp): Promise<void> {
  const result = await t.database.db.execute(sql`
    with a as (select id from sub_account where system_key = 'accountsPayable'),
    f as (
      select t.related_id,
        coalesce(sum(t.amount) filter (where t.type = 'purchase' and t.debit_id = a.id), 0) as paid,
        coalesce(sum(t.amount) filter (where t.type = 'purchaseReturn' and t.credit_id = a.id), 0) as refunded
      from "transaction" t cross join a
      where t.type in ('purchase', 'purchaseReturn') and t.reverses_id is null
        and not exists (select 1 from "transaction" r where r.reverses_id = t.id)
      group by t.related_id)
    select d.id, f.paid::text as paid, f.refunded::text as refunded
    from purchase_invoice d join f on f.related_id = d.id::text
    where d.state = 'active' and f.refunded > f.paid
    order by d.id`);
  expect((result as unknown as { rows: unknown[] }).rows, 'purchases refunded more than was paid on them (ledger)').toEqual([]);
}

/**
 * The lists' totals kept by the invoice triggers (sale_day_totals, customer_sale_totals,
 * purchase_day_totals) equal the sums of the invoices themselves, per day (or customer), state and bucket.
 */
export async function expectListTotalsMatchInvoices(t: TestApp): Promise<void> {
  const sale = `count(*)::int, sum(total_amount), sum(total_tax_amount), sum(total_discount_amount), sum(profit), sum(paid_amount),
    sum(due_amount), sum(return_amount), sum(instant_paid_return_amount)`;
  const kept = `invoices, total_amount, total_tax_amount, total_discount_amount, profit, paid_amount, due_amount, return_amount,
    instant_paid_return_amount`;
  const customer = `count(*)::int, sum(total_amount + total_tax_amount), sum(paid_amount), sum(due_amount), sum(return_amount),
    sum(instant_paid_return_amount)`;
  const customerKept = 'invoices, total_amount, paid_amount, due_amount, return_amount, instant_paid_return_amount';
  const purchase = `count(*)::int, sum(total_amount), sum(total_tax), sum(paid_amount), sum(due_amount), sum(return_amount),
    sum(instant_paid_return_amount)`;
  const purchaseKept = 'invoices, total_amount, total_tax, paid_amount, due_amount, return_amount, instant_paid_return_amount';
  // both ways round: what the invoices sum to and the totals kept, rows of nothing left out
  const differ = (name: string, invoices: string, totals: string) =>
    sql.raw(`select '${name}' as totals, * from ((${invoices} except ${totals}) union all (${totals} except ${invoices})) d`);
  for (const statement of [
    differ(
      'sale_day_totals',
      `select date, state, id % 16, ${sale} from sale_invoice where state in ('completed', 'deleted') group by 1, 2, 3`,
      `select date, state, bucket, ${kept} from sale_day_totals where invoices <> 0`,
    ),
    differ(
      'customer_sale_totals',
      `select customer_id, id % 16, ${customer} from sale_invoice where state = 'completed' group by 1, 2`,
      `select customer_id, bucket, ${customerKept} from customer_sale_totals where invoices <> 0`,
    ),
    differ(
      'purchase_day_totals',
      `select date, state, id % 16, ${purchase} from purchase_invoice group by 1, 2, 3`,
      `select date, state, bucket, ${purchaseKept} from purchase_day_totals where invoices <> 0`,
    ),
  ]) {
    const result = await t.database.db.execute(statement);
    expect((result as unknown as { rows: unknown[] }).rows, 'list totals that differ from the invoices they sum').toEqual([]);
  }
}

/**
 * Every web order's figures from the ledger alone (written apart from the server's orderFiguresOf), as
 * `f(related_id, due, paid, returned, profit)`: the receivable's entries read by their other account,
 * value (Tax, sales, delivery income, the coupon's discount: Tax or a Revenue or Expense account) or money
 * (a payment method's account); profit = Revenue and Expense but delivery income, credits less debits.
 */
const orderLedgerFigures = sql`
    ar as (select id from sub_account where system_key = 'accountsReceivable'),
    kinds as (select sa.id, sa.system_key = 'tax' or a.type in ('Revenue', 'Expense') as value,
        a.type in ('Revenue', 'Expense') and sa.system_key is distinct from 'deliveryIncome' as earns
      from sub_account sa join account a on a.id = sa.account_id),
    e as (
      select t.related_id, t.type, t.amount, t.debit_id = ar.id as ar_debit, t.credit_id = ar.id as ar_credit,
        d.value as debit_value, c.value as credit_value, d.earns as debit_earns, c.earns as credit_earns
      from "transaction" t cross join ar join kinds d on d.id = t.debit_id join kinds c on c.id = t.credit_id
      where t.type in ('order', 'orderReturn') and t.reverses_id is null
        and not exists (select 1 from "transaction" r where r.reverses_id = t.id)),
    f as (
      select related_id,
        sum(case when ar_debit then amount when ar_credit then -amount else 0 end) as due,
        sum(case when ar_credit and not debit_value then amount when ar_debit and not credit_value then -amount else 0 end) as paid,
        sum(case when type = 'orderReturn' and ar_credit and debit_value then amount
          when type = 'orderReturn' and ar_debit and credit_value then -amount else 0 end) as returned,
        sum(case when credit_earns then amount else 0 end) - sum(case when debit_earns then amount else 0 end) as profit
      from e group by related_id)`;

/** One order's figures from its ledger alone (see orderLedgerFigures), in money. */
export async function ledgerFiguresOfOrder(t: TestApp, orderId: number) {
  const result = await t.database.db.execute(sql`with ${orderLedgerFigures}
    select coalesce(f.due, 0)::float8 as due, coalesce(f.paid, 0)::float8 as paid, coalesce(f.returned, 0)::float8 as returned,
      coalesce(f.profit, 0)::float8 as profit
    from (select 1) one left join f on f.related_id = ${String(orderId)}`);
  const [row] = (result as unknown as { rows: { due: number; paid: number; returned: number; profit: number }[] }).rows;
  return { due: Number(row!.due), paid: Number(row!.paid), returned: Number(row!.returned), profit: Number(row!.profit) };
}

/**
 * Every web order's kept paid, due, returned and profit equal its ledger (types order and orderReturn, its returns'):
 * due is what the receivable holds for it (below zero while the shop owes the shopper for goods
 * returned), paid what came in from a payment method's account (less what went back: a refund, a
 * return's credit spent on a replacement). Worked out here from the ledger alone, not by the server's code.
 */
export async function expectOrderFiguresMatchLedger(t: TestApp): Promise<void> {
  const result = await t.database.db.execute(sql`with ${orderLedgerFigures}
    select o.id, o.order_status, o.paid_amount::text || ' / ' || coalesce(f.paid, 0)::numeric(14,2)::text as paid,
      o.due_amount::text || ' / ' || coalesce(f.due, 0)::numeric(14,2)::text as due,
      o.return_amount::text || ' / ' || coalesce(f.returned, 0)::numeric(14,2)::text as returned,
      o.profit::text || ' / ' || coalesce(f.profit, 0)::numeric(14,2)::text as profit
    from cart_order o left join f on f.related_id = o.id::text
    where (o.paid_amount, o.due_amount, o.return_amount, o.profit)
      <> (coalesce(f.paid, 0), coalesce(f.due, 0), coalesce(f.returned, 0), coalesce(f.profit, 0))`);
  expect(
    (result as unknown as { rows: unknown[] }).rows,
    'orders whose kept paid / due / returned / profit (kept / ledger) differ from the ledger',
  ).toEqual([]);
}

/**
 * Every closed till session (issue 31): its drawer's account moved, over the session's own rows, from what the last
 * close left to what this one left; and the Z's expected cash is the opening float + cash sales − cash refunds
 * (an undone sale's cash given back counts as a refund) + paid in − paid out − drops, the sales and refunds from the
 * ledger, the rest from the session's documents.
 */
export async function expectTillSessionsMatchLedger(t: TestApp): Promise<void> {
  const result = await t.database.db.execute(sql`
    select s.id, s.z_report->>'expectedCash' as z_expected,
      (s.float_left - (s.opening_float - s.float_difference))::text as moved_by_close,
      coalesce((select sum(case when x.debit_id = t.sub_account_id then x.amount else -x.amount end) from "transaction" x
        where x.till_session_id = s.id and t.sub_account_id in (x.debit_id, x.credit_id)), 0)::text as drawer_moved,
      (s.opening_float
        + coalesce((select sum(x.amount) from "transaction" x where x.till_session_id = s.id and x.type in ('sale', 'saleReturn')
            and x.debit_id = t.sub_account_id), 0)
        - coalesce((select sum(x.amount) from "transaction" x where x.till_session_id = s.id and x.type in ('sale', 'saleReturn')
            and x.credit_id = t.sub_account_id), 0)
        + coalesce((select sum(case c.type when 'IN' then c.amount else -c.amount end) from till_cash c where c.session_id = s.id), 0))::text as formula
    from till_session s join till t on t.id = s.till_id where s.state = 'CLOSED'`);
  const rows = (
    result as unknown as { rows: { id: number; z_expected: string; moved_by_close: string; drawer_moved: string; formula: string }[] }
  ).rows;
  for (const r of rows) {
    expect(Number(r.drawer_moved), `session ${r.id}: the drawer's movement`).toBeCloseTo(Number(r.moved_by_close), 2);
    expect(Number(r.z_expected), `session ${r.id}: the Z's expected cash`).toBeCloseTo(Number(r.formula), 2);
  }
}

/** After every flow: the sales journal's chains hold (no posted document's content changed by a later step of a flow). */
export async function expectJournalVerifies(t: TestApp): Promise<void> {
  const result = await verifyJournal(t.database.db);
  expect(result.chains.filter((c) => c.firstBroken).map((c) => c.firstBroken!.message)).toEqual([]);
}

/**
 * A test that rewrites a posted document in SQL to stand for one posted by an older version (as the migration that
 * began the chains sealed it) seals it again as it now is. Only the last seal of its series: no chain is rewritten.
 */
export async function resealAsOlderVersion(t: TestApp, series: string, documentId: number): Promise<void> {
  const db = t.database.db;
  await journalSealer(db).idle();
  const last = (await db.execute(
    sql`select position, document_id from document_seal where series = ${series} order by position desc limit 1`,
  )) as unknown as {
    rows: { position: number; document_id: number }[];
  };
  const seal = last.rows[0]!;
  expect(Number(seal.document_id), 'only the last seal of a series is sealed again').toBe(documentId);
  await db.execute(sql`alter table document_seal disable trigger document_seal_refuse`);
  try {
    await db.execute(sql`delete from document_seal where series = ${series} and position = ${seal.position}`);
  } finally {
    await db.execute(sql`alter table document_seal enable trigger document_seal_refuse`);
  }
  await db.execute(sql`select seal_document(${series}, ${seal.position}::int, ${documentId}::int)`);
}
