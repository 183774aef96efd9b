import type { Cents } from '@tillbook/contract';
import type { Posting } from '../accounting/index.ts';

/** What a sale posts, in cents: its net (after line discounts, before VAT), its VAT, its cost, and the payments kept. */
export interface SaleFigures {
  invoiceId: number;
  date: string;
  net: Cents;
  vat: Cents;
  cost: Cents;
  /** Each kept payment: the sub-account the money lands in (the payment method's) and the amount. */
  payments: { subAccountId: number; amount: Cents; method: string }[];
}

/**
 * A till sale's postings (reference 3.3): cost of sales at average cost against inventory, the
 * receivable against sales (net) and against VAT output (VAT on the discounted price), then each
 * payment into its method's account against the receivable.
 */
export function salePostings(sale: SaleFigures): Posting[] {
  const about = `Sale #${sale.invoiceId}`;
  const base = { date: sale.date, type: 'sale' as const, relatedId: sale.invoiceId };
  return [
    { ...base, debit: 'costOfSales', credit: 'inventory', amount: sale.cost, particulars: `${about}: cost of goods sold` },
    { ...base, debit: 'accountsReceivable', credit: 'sales', amount: sale.net, particulars: `${about}: sales` },
    { ...base, debit: 'accountsReceivable', credit: 'tax', amount: sale.vat, particulars: `${about}: VAT` },
    ...sale.payments.map(
      (p): Posting => ({
        ...base,
        debit: { subAccountId: p.subAccountId },
        credit: 'accountsReceivable',
        amount: p.amount,
        particulars: `${about}: paid by ${p.method}`,
      }),
    ),
  ];
}
