import { fromCents, type PurchasePaymentInput, purchaseMessages, toCents } from '@tillbook/contract';
import { and, desc, eq } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { lockState } from '../../platform/transition.ts';
import { purchaseInvoice, transaction } from '../../schema/index.ts';
import { entriesWhere, keepInvoiceFigures, post } from '../accounting/index.ts';
import { paidAmounts } from './payment-accounts.ts';
import { headerSelect } from './purchase-read.ts';
import { purchaseDoc } from './undo-purchase.ts';

/**
 * POST payment-purchase-invoice: under the invoice's row lock (so two payments take turns), the sum
 * paid must not exceed the due the ledger derives (400 'Amount cannot be greater than due!'); each
 * amount posts Dr Accounts Payable / Cr the payment method's account. Answers the last row with the
 * amount replaced by the total paid, as the reference does.
 */
export async function paySupplier(tx: DbOrTx, input: PurchasePaymentInput, clock: Clock) {
  const invoiceId = input.purchaseInvoiceNo;
  const state = await lockState(tx, purchaseDoc, invoiceId);
  if (state !== 'active') throw conflict(`Purchase invoice ${invoiceId} is ${state}; it takes no payments`);
  const [invoice] = await headerSelect(tx).where(eq(purchaseInvoice.id, invoiceId));
  const paid = await paidAmounts(tx, input.paidAmount, 'paidAmount');
  const total = paid.reduce((acc, p) => acc + p.amount, 0);
  if (total === 0) throw badRequest('Paid amount must be above 0', { paidAmount: 'must be above 0' });
  if (total > toCents(invoice!.dueAmount)) throw badRequest(purchaseMessages.amountOverDue, { paidAmount: 'is more than the due' });
  const date = input.date ?? (await businessDate(tx, clock));
  await post(
    tx,
    paid.map((p) => ({
      date,
      debit: 'accountsPayable' as const,
      credit: p.account,
      amount: p.amount,
      particulars: `Payment of purchase #${invoice!.number}`,
      type: 'purchase' as const,
      relatedId: invoiceId,
    })),
  );
  await keepInvoiceFigures(tx, 'purchase', invoiceId);
  const [last] = await entriesWhere(tx, and(eq(transaction.relatedId, String(invoiceId)), eq(transaction.type, 'purchase')))
    .orderBy(desc(transaction.id))
    .limit(1);
  return { transaction: { ...last!, amount: fromCents(total) } };
}
