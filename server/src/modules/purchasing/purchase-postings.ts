import type { Cents } from '@tillbook/contract';
import type { AccountRef, Posting, VatShare } from '../accounting/index.ts';

export interface PaidAmount {
  /** In cents */
  amount: Cents;
  account: AccountRef;
}

/**
 * Reference 3.8: Dr Inventory / Cr Accounts Payable for the lines without VAT, Dr Tax / Cr Accounts
 * Payable for the input VAT (one posting per rate, carrying it), and for each amount paid Dr Accounts Payable / Cr the payment method's account.
 */
export function purchasePostings(p: {
  invoiceId: number;
  /** The purchase's number, named in the particulars. */
  number: number;
  date: string;
  net: Cents;
  tax: VatShare[];
  paid: PaidAmount[];
}): Posting[] {
  const base = { date: p.date, type: 'purchase' as const, relatedId: p.invoiceId };
  return [
    { ...base, debit: 'inventory', credit: 'accountsPayable', amount: p.net, particulars: `Purchase #${p.number}: goods` },
    ...p.tax.map(
      (v): Posting => ({
        ...base,
        debit: 'tax',
        credit: 'accountsPayable',
        amount: v.amount,
        vatRate: v.rate,
        particulars: `Purchase #${p.number}: input VAT ${v.rate} %`,
      }),
    ),
    ...p.paid.map(
      (x): Posting => ({
        ...base,
        debit: 'accountsPayable',
        credit: x.account,
        amount: x.amount,
        particulars: `Purchase #${p.number}: paid`,
      }),
    ),
  ];
}

/** Reference 3.9: Dr AP / Cr Inventory (returned value), Dr AP / Cr Tax (returned VAT, per rate), Dr method / Cr AP (paid back). */
export function purchaseReturnPostings(p: {
  invoiceId: number;
  /** The numbers the particulars name: the purchase's and the return's. */
  purchaseNumber: number;
  returnNumber: number;
  date: string;
  net: Cents;
  tax: VatShare[];
  instant: PaidAmount[];
}): Posting[] {
  const base = { date: p.date, type: 'purchaseReturn' as const, relatedId: p.invoiceId };
  const what = `Purchase return #${p.returnNumber} of purchase #${p.purchaseNumber}`;
  return [
    { ...base, debit: 'accountsPayable', credit: 'inventory', amount: p.net, particulars: `${what}: goods` },
    ...p.tax.map(
      (v): Posting => ({
        ...base,
        debit: 'accountsPayable',
        credit: 'tax',
        amount: v.amount,
        vatRate: v.rate,
        particulars: `${what}: input VAT ${v.rate} %`,
      }),
    ),
    ...p.instant.map(
      (x): Posting => ({ ...base, debit: x.account, credit: 'accountsPayable', amount: x.amount, particulars: `${what}: paid back` }),
    ),
  ];
}
