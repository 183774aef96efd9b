import { type Cents, fromCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { monthOf } from './journal-read.ts';
import type { LedgerType } from './post.ts';

interface TaxRow {
  type: LedgerType;
  vat_rate: string | null;
  debit: string;
  credit: string;
}

/** The ledger types of a sale on every channel (a till sale, a web order) and of their returns. */
const saleTypes = new Set<LedgerType>(['sale', 'order']);
const saleReturnTypes = new Set<LedgerType>(['saleReturn', 'orderReturn']);

interface RateSums {
  output: Cents;
  input: Cents;
}

/**
 * GET product-vat/statement (contract/src/accounting/vat-report.ts): the Tax account's postings over
 * the range (default: this month in the shop), every row counted as posted (an undone sale's reversal
 * takes its VAT back; a deleted entry and its reversal cancel).
 * - output: sales = Tax credits − debits of the selling documents (types sale and order: the till's sales
 *   and the web orders, a cancelled order's reversal taking its VAT back), returns = Tax debits − credits
 *   of their returns (saleReturn, orderReturn: a web return once its goods came back);
 * - input: purchases = Tax debits − credits of type purchase, returns = credits − debits of type purchaseReturn;
 * - rates: the same per VAT rate, from the rows' `vat_rate` (document VAT posted before rates were kept
 *   has none: it counts in the totals only);
 * - other: Tax credit − debit of every other posting (manual entries to Tax): never a document's VAT;
 * - totalVat: the Tax account's credit − debit over the range = output net − input net + other.
 */
export async function vatStatement(db: DbOrTx, q: { startDate?: string; endDate?: string }, clock: Clock) {
  const month = q.startDate && q.endDate ? undefined : monthOf(await businessDate(db, clock));
  const startDate = q.startDate ?? month!.first;
  const endDate = q.endDate ?? month!.last;
  const rows = await rawRows<TaxRow>(
    db,
    sql`with tax as (select id from sub_account where system_key = 'tax')
      select t.type, t.vat_rate,
        round(sum(case when t.debit_id = tax.id then t.amount else 0 end) * 100)::bigint as debit,
        round(sum(case when t.credit_id = tax.id then t.amount else 0 end) * 100)::bigint as credit
      from "transaction" t cross join tax
      where (t.debit_id = tax.id or t.credit_id = tax.id) and t.date between ${startDate} and ${endDate}
      group by t.type, t.vat_rate`,
  );
  const totals = { sales: 0, saleReturns: 0, purchases: 0, purchaseReturns: 0, other: 0 };
  const byRate = new Map<number, RateSums>();
  for (const r of rows) {
    const net = Number(r.credit) - Number(r.debit); // what this row adds to the VAT payable
    const selling = saleTypes.has(r.type) || saleReturnTypes.has(r.type);
    const buying = r.type === 'purchase' || r.type === 'purchaseReturn';
    const output = selling ? net : 0;
    const input = buying ? -net : 0;
    if (saleTypes.has(r.type)) totals.sales += net;
    else if (saleReturnTypes.has(r.type)) totals.saleReturns -= net;
    else if (r.type === 'purchase') totals.purchases -= net;
    else if (r.type === 'purchaseReturn') totals.purchaseReturns += net;
    else totals.other += net;
    if (r.vat_rate === null || !(selling || buying)) continue; // a rate with postings shows, even when they cancel
    const rate = Number(r.vat_rate);
    const sums = byRate.get(rate) ?? { output: 0, input: 0 };
    byRate.set(rate, { output: sums.output + output, input: sums.input + input });
  }
  const outputNet = totals.sales - totals.saleReturns;
  const inputNet = totals.purchases - totals.purchaseReturns;
  return {
    startDate,
    endDate,
    output: { sales: fromCents(totals.sales), returns: fromCents(totals.saleReturns), net: fromCents(outputNet) },
    input: { purchases: fromCents(totals.purchases), returns: fromCents(totals.purchaseReturns), net: fromCents(inputNet) },
    rates: [...byRate.entries()]
      .sort(([a], [b]) => a - b)
      .map(([rate, s]) => ({ rate, outputVat: fromCents(s.output), inputVat: fromCents(s.input), net: fromCents(s.output - s.input) })),
    other: fromCents(totals.other),
    totalVatReceived: fromCents(outputNet),
    totalVatGiven: fromCents(inputNet),
    totalVat: fromCents(outputNet - inputNet + totals.other),
  };
}
