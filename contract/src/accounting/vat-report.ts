import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint } from '../endpoint.ts';
import { dateOnly } from '../fields.ts';

/** One VAT rate's share of the period: the Tax postings that carry this rate. */
export const vatRateRow = z.object({
  /** The VAT percentage (10 for 10 %). */
  rate: out.money,
  /** VAT charged on sales (till sales and web orders) less VAT given back on their returns. */
  outputVat: out.money,
  /** VAT paid on purchases less VAT taken back on purchase returns. */
  inputVat: out.money,
  /** outputVat − inputVat. */
  net: out.money,
});

/**
 * `GET product-vat/statement?startDate&endDate`: the VAT report, built from the Tax account's postings
 * in the range (so it always agrees with the ledger). Every VAT posting of a document carries its
 * rate. Output VAT is every channel's: the till's sales and returns and the web shop's orders and returns
 * (once their goods came back); `other` holds manual entries to Tax only. Keeps the reference's three totals: `totalVatReceived` (output VAT, net of returns),
 * `totalVatGiven` (input VAT, net of returns) and `totalVat`, the net payable: the Tax account's
 * credit − debit over the range (negative when VAT is to be reclaimed), which also counts `other`
 * (manual entries to Tax). A missing startDate or endDate is the first or last day of this month.
 */
export const vatStatementOut = z.object({
  startDate: out.date,
  endDate: out.date,
  output: z.object({ sales: out.money, returns: out.money, net: out.money }),
  input: z.object({ purchases: out.money, returns: out.money, net: out.money }),
  rates: z.array(vatRateRow),
  other: out.money,
  totalVatReceived: out.money,
  totalVatGiven: out.money,
  totalVat: out.money,
});

export const vatReportEndpoints = {
  statement: endpoint({
    method: 'GET',
    path: 'product-vat/statement',
    access: 'readAll-account',
    query: z.object({ startDate: dateOnly.optional(), endDate: dateOnly.optional() }),
    answer: vatStatementOut,
  }),
};
