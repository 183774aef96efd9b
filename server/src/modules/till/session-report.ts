import { type Cents, fromCents, type TillReport, type TillSessionState, toCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { executePrepared } from '../../platform/prepared.ts';

/** The session as its report needs it. */
export interface SessionHead {
  id: number;
  tillId: number;
  tillName: string;
  drawer: number;
  state: TillSessionState;
  openedBy: number;
  openedAt: Date;
  closedAt: Date | null;
  openingFloat: number;
  /** The opening float less what the last close left (moved from the safe at open). */
  floatDifference: number;
  /** The till's methods (none: every method offered at the till). */
  methodIds: number[];
  zReport: TillReport | null;
  /** The shop's blind close setting: the X report hides the expected cash from who may not see it before counting. */
  blindClose: boolean;
}

export async function sessionHead(db: DbOrTx, sessionId: number): Promise<SessionHead> {
  const [s] = await executePrepared<{
    id: number;
    till_id: number;
    name: string;
    drawer: number;
    state: TillSessionState;
    opened_by: number;
    opened_at: Date;
    closed_at: Date | null;
    opening_float: string;
    float_difference: string;
    methods: number[];
    z_report: TillReport | null;
    blind_close: boolean | null;
  }>(
    db,
    sql`select s.id, s.till_id, t.name, t.sub_account_id as drawer, s.state, s.opened_by, s.opened_at, s.closed_at, s.opening_float, s.float_difference,
      t.payment_method_ids as methods, s.z_report,
      (select blind_close from app_setting order by id limit 1) as blind_close
      from till_session s join till t on t.id = s.till_id where s.id = ${sessionId}`,
  );
  if (!s) throw notFound(`Till session ${sessionId}`);
  return {
    id: Number(s.id),
    tillId: Number(s.till_id),
    tillName: s.name,
    drawer: Number(s.drawer),
    state: s.state,
    openedBy: Number(s.opened_by),
    openedAt: new Date(s.opened_at),
    closedAt: s.closed_at ? new Date(s.closed_at) : null,
    openingFloat: Number(s.opening_float),
    floatDifference: Number(s.float_difference),
    methodIds: (s.methods ?? []).map(Number),
    zReport: s.z_report,
    blindClose: s.blind_close !== false,
  };
}

/** One group of the session's ledger rows: the document kind, the sides' system keys and drawer flags, the method, the rate. */
interface LedgerGroup {
  type: string;
  method: number | null;
  rate: string | null;
  dkey: string | null;
  ckey: string | null;
  into_drawer: boolean;
  out_of_drawer: boolean;
  cents: number;
}

const sumOf = (groups: readonly LedgerGroup[], keep: (g: LedgerGroup) => boolean): Cents =>
  groups.filter(keep).reduce((s, g) => s + Number(g.cents), 0);

/**
 * A session's figures at this moment (the X report; the close freezes them as the Z): every amount from the
 * ledger rows its documents posted (`transaction.till_session_id`), the counts from its documents. Expected
 * cash is the float counted at open plus what the session moved through the drawer's account.
 */
export async function sessionFigures(db: DbOrTx, head: SessionHead): Promise<{ report: TillReport; cashMethodIds: number[] }> {
  // side by side on the pool: the ledger rows grouped (one pass over the session's rows by its index), the
  // documents counted, the lines' nets per VAT rate, and the payment methods and system accounts (small tables)
  const [rows, [doc], nets, methodRows, keyRows] = await Promise.all([
    executePrepared<Omit<LedgerGroup, 'dkey' | 'ckey'> & { debit_id: number; credit_id: number }>(
      db,
      sql`select t.type, t.payment_method_id as method, t.vat_rate as rate, t.debit_id, t.credit_id,
          t.debit_id = ${head.drawer} as into_drawer, t.credit_id = ${head.drawer} as out_of_drawer, round(sum(t.amount) * 100)::int as cents
        from "transaction" t where t.till_session_id = ${head.id} group by 1, 2, 3, 4, 5`,
    ),
    executePrepared<{
      sales: number;
      voids: number;
      discounts: string | null;
      returns: number;
      no_sales: number;
      cash_in: string;
      cash_out: string;
      drops: string;
      dates: string[] | null;
    }>(
      db,
      sql`select s.sales, s.voids, s.discounts, r.returns, (select count(*)::int from till_no_sale where session_id = ${head.id}) as no_sales,
          c.cash_in, c.cash_out, c.drops,
          (select array_agg(d::text order by d) from (select unnest(s.days) union select unnest(r.days)) x(d)) as dates
        from (select count(*) filter (where state = 'completed')::int as sales,
            count(*) filter (where state in ('cancelled', 'undone'))::int as voids,
            sum(total_discount_amount) filter (where state = 'completed') as discounts,
            array_agg(distinct date) filter (where state <> 'held') as days
          from sale_invoice where till_session_id = ${head.id}) s,
          (select count(*)::int as returns, array_agg(distinct date) as days from return_sale_invoice where till_session_id = ${head.id}) r,
          (select coalesce(sum(amount) filter (where type = 'IN'), 0) as cash_in, coalesce(sum(amount) filter (where type = 'OUT'), 0) as cash_out,
            coalesce(sum(amount) filter (where type = 'DROP'), 0) as drops from till_cash where session_id = ${head.id}) c`,
    ),
    executePrepared<{ rate: string; cents: number }>(
      db,
      sql`select rate::text, sum(cents)::int as cents from (
          select l.tax as rate, round(sum(l.product_final_amount) * 100)::int as cents from sale_invoice_product l
            join sale_invoice s on s.id = l.invoice_id where s.till_session_id = ${head.id} and s.state = 'completed' group by l.tax
          union all
          select l.tax, -round(sum(l.product_final_amount) * 100)::int from return_sale_invoice_product l
            join return_sale_invoice r on r.id = l.invoice_id where r.till_session_id = ${head.id} group by l.tax) x
        group by rate`,
    ),
    executePrepared<{ id: number; name: string; cash: boolean; offered: boolean }>(
      db,
      sql`select m.id, m.method_name as name, coalesce(a.system_key = 'cash', false) as cash, m.status and m.at_till = 'true' as offered
        from payment_method m join sub_account a on a.id = m.sub_account_id order by m.id`,
    ),
    executePrepared<{ id: number; key: string }>(db, sql`select id, system_key as key from sub_account where system_key is not null`),
  ]);
  const keyOf = new Map(keyRows.map((k) => [Number(k.id), k.key]));
  const groups: LedgerGroup[] = rows.map((r) => ({
    ...r,
    dkey: keyOf.get(Number(r.debit_id)) ?? null,
    ckey: keyOf.get(Number(r.credit_id)) ?? null,
  }));
  // the till's methods (every method offered at the till when it names none), and any method the session took money by
  const used = new Set(groups.flatMap((g) => (g.method === null ? [] : [Number(g.method)])));
  const methods = methodRows.filter(
    (m) => head.methodIds.includes(Number(m.id)) || (!head.methodIds.length && m.offered) || used.has(Number(m.id)),
  );
  const isSale = (g: LedgerGroup) => g.type === 'sale';
  const isReturn = (g: LedgerGroup) => g.type === 'saleReturn';
  const sales = sumOf(groups, (g) => isSale(g) && (g.ckey === 'sales' || g.ckey === 'tax'));
  const returns = sumOf(groups, (g) => isReturn(g) && (g.dkey === 'sales' || g.dkey === 'tax'));
  // what the last close left in the drawer, and all the session moved through the drawer's account since (its
  // opening float's difference included); asked of an open session, or by the close before it posts
  const drawer = sumOf(groups, (g) => g.into_drawer) - sumOf(groups, (g) => g.out_of_drawer);
  const expectedCash = toCents(head.openingFloat) - toCents(head.floatDifference) + drawer;
  // each method its own takings and refunds; the drawer's float, cash in and out and drops go with the first cash
  // method (so does a refund in cash that named no method), and the cash methods' expected add up to the drawer's
  const cashIds = methods.filter((m) => m.cash).map((m) => Number(m.id));
  const primaryCash = cashIds[0];
  const own = methods.map((m) => {
    const id = Number(m.id);
    const taken = sumOf(groups, (g) => isSale(g) && Number(g.method) === id);
    const unnamed = id === primaryCash ? sumOf(groups, (g) => isReturn(g) && g.method === null && g.out_of_drawer) : 0;
    const refunds = sumOf(groups, (g) => isReturn(g) && Number(g.method) === id) + unnamed;
    return { id, name: m.name, cash: m.cash, taken, refunds };
  });
  const otherCash = own.filter((m) => m.cash && m.id !== primaryCash).reduce((sum, m) => sum + m.taken - m.refunds, 0);
  const byPaymentMethod = own.map((m) => ({
    paymentMethodId: m.id,
    name: m.name,
    sales: fromCents(m.taken),
    refunds: fromCents(m.refunds),
    expected: fromCents(m.id === primaryCash ? expectedCash - otherCash : m.taken - m.refunds),
  }));
  const rates = new Map<number, { net: Cents; vat: Cents }>();
  for (const g of groups) {
    const sign = isSale(g) ? 1 : isReturn(g) ? -1 : 0;
    if (!sign) continue;
    // the VAT rows carry their rate; the nets (posted in one row a document) come from its lines below
    if (g.rate === null || (g.ckey !== 'tax' && g.dkey !== 'tax')) continue;
    const r = rates.get(Number(g.rate)) ?? { net: 0, vat: 0 };
    r.vat += sign * Number(g.cents);
    rates.set(Number(g.rate), r);
  }
  for (const n of nets) {
    const r = rates.get(Number(n.rate)) ?? { net: 0, vat: 0 };
    r.net += Number(n.cents);
    rates.set(Number(n.rate), r);
  }
  const report: TillReport = {
    sessionId: head.id,
    tillId: head.tillId,
    tillName: head.tillName,
    status: head.state,
    openedAt: head.openedAt.toISOString(),
    closedAt: head.closedAt?.toISOString() ?? null,
    dates: doc?.dates ?? [],
    openingFloat: head.openingFloat,
    sales: fromCents(sales),
    returns: fromCents(returns),
    byPaymentMethod,
    byVatRate: [...rates.entries()].sort(([a], [b]) => a - b).map(([rate, r]) => ({ rate, net: fromCents(r.net), vat: fromCents(r.vat) })),
    discounts: Number(doc?.discounts ?? 0),
    counts: {
      sales: Number(doc?.sales ?? 0),
      returns: Number(doc?.returns ?? 0),
      voids: Number(doc?.voids ?? 0),
      noSales: Number(doc?.no_sales ?? 0),
    },
    cashIn: Number(doc?.cash_in ?? 0),
    cashOut: Number(doc?.cash_out ?? 0),
    drops: Number(doc?.drops ?? 0),
    expectedCash: fromCents(expectedCash),
  };
  return { report, cashMethodIds: cashIds };
}
