import type { Cents } from '@tillbook/contract';
import type { AccountRef, Posting, VatShare } from '../accounting/index.ts';

/** What a sale posts, in cents: its net (after line discounts, before VAT), its VAT per rate, its cost, and the payments kept. */
export interface SaleFigures {
  invoiceId: number;
  /** The invoice number the particulars name (numberMark when it is taken in the postings' own statement). */
  number: number | string;
  date: string;
  net: Cents;
  vat: VatShare[];
  cost: Cents;
  /** Each kept payment: the sub-account the money lands in (the payment method's, or a till's drawer for cash) and the amount. */
  payments: { subAccountId: number; amount: Cents; method: string; methodId?: number }[];
  /** The till session it was sold in: every posting carries it. */
  tillSessionId?: number | null;
}

/** A document made in a till session tags its postings with it (none outside the till's day). */
const inSession = (id: number | null | undefined) => (id ? { tillSessionId: id } : {});

/**
 * A till sale's postings (reference 3.3): cost of sales at average cost against inventory, the
 * receivable against sales (net) and against VAT output (VAT on the discounted price, one posting per
 * rate carrying its rate), then each payment into its method's account against the receivable.
 */
export function salePostings(sale: SaleFigures): Posting[] {
  const about = `Sale #${sale.number}`;
  const base = { date: sale.date, type: 'sale' as const, relatedId: sale.invoiceId, ...inSession(sale.tillSessionId) };
  return [
    { ...base, debit: 'costOfSales', credit: 'inventory', amount: sale.cost, particulars: `${about}: cost of goods sold` },
    { ...base, debit: 'accountsReceivable', credit: 'sales', amount: sale.net, particulars: `${about}: sales` },
    ...sale.vat.map(
      (v): Posting => ({
        ...base,
        debit: 'accountsReceivable',
        credit: 'tax',
        amount: v.amount,
        vatRate: v.rate,
        particulars: `${about}: VAT ${v.rate} %`,
      }),
    ),
    ...sale.payments.map(
      (p): Posting => ({
        ...base,
        debit: { subAccountId: p.subAccountId },
        credit: 'accountsReceivable',
        amount: p.amount,
        particulars: `${about}: paid by ${p.method}`,
        ...(p.methodId === undefined ? {} : { paymentMethodId: p.methodId }),
      }),
    ),
  ];
}

/** What a sale return posts, in cents: the returned net and VAT per rate, the cost the goods left at, and each refund. */
export interface SaleReturnFigures {
  invoiceId: number;
  /** The numbers the particulars name: the sale's invoice number and the return's. */
  saleNumber: number;
  returnNumber: number;
  date: string;
  net: Cents;
  vat: VatShare[];
  cost: Cents;
  /** Each amount handed back: the sub-account it leaves (the payment method's, cash when none; a till's drawer for cash). */
  refunds: { account: AccountRef; amount: Cents; method: string; methodId?: number }[];
  /** The till session it was made in: every posting carries it. */
  tillSessionId?: number | null;
}

/**
 * A sale return's postings (reference 3.7, type saleReturn, related to the sale): the goods back into
 * inventory at the cost they left at, the sale's net and VAT (per rate) taken off the receivable, and each
 * refund out of its method's account against the receivable.
 */
export function saleReturnPostings(r: SaleReturnFigures): Posting[] {
  const about = `Sale return #${r.returnNumber} of sale #${r.saleNumber}`;
  const base = { date: r.date, type: 'saleReturn' as const, relatedId: r.invoiceId, ...inSession(r.tillSessionId) };
  return [
    { ...base, debit: 'inventory', credit: 'costOfSales', amount: r.cost, particulars: `${about}: goods back` },
    { ...base, debit: 'sales', credit: 'accountsReceivable', amount: r.net, particulars: `${about}: sales` },
    ...r.vat.map(
      (v): Posting => ({
        ...base,
        debit: 'tax',
        credit: 'accountsReceivable',
        amount: v.amount,
        vatRate: v.rate,
        particulars: `${about}: VAT ${v.rate} %`,
      }),
    ),
    ...r.refunds.map(
      (x): Posting => ({
        ...base,
        debit: 'accountsReceivable',
        credit: x.account,
        amount: x.amount,
        particulars: `${about}: paid back by ${x.method}`,
        ...(x.methodId === undefined ? {} : { paymentMethodId: x.methodId }),
      }),
    ),
  ];
}
