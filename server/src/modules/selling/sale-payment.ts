import type { salePaymentBody } from '@tillbook/contract';
import { fromCents, sellingMessages, toCents } from '@tillbook/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { sealNext } from '../../platform/journal-seal.ts';
import { saleInvoice, transaction } from '../../schema/index.ts';
import { entriesWhere, keepInvoiceFigures, post } from '../accounting/index.ts';
import { refuseUntaken, sessionOfDocument, tenderAccount } from '../till/index.ts';
import { saleBalances, zeroBalance } from './sale-balances.ts';
import { tendersOf } from './sale-tender.ts';

/**
 * POST payment-sale-invoice/: money taken later against a completed sale's due (reference 3.5):
 * each tender into its payment method's account against the receivable, no more in all than the
 * due the ledger derives. The sale's row is locked first, so two payments racing for one due take turns.
 * Like a supplier payment, it answers the last ledger row with the amount replaced by the total paid (`transaction`).
 */
export async function payForSale(tx: DbOrTx, body: z.infer<typeof salePaymentBody>, clock: Clock) {
  const [sale] = await tx
    .select({ id: saleInvoice.id, number: saleInvoice.number })
    .from(saleInvoice)
    .where(and(eq(saleInvoice.id, body.saleInvoiceNo), eq(saleInvoice.state, 'completed')))
    .for('update');
  if (!sale) throw notFound(`Sale invoice ${body.saleInvoiceNo}`);
  // a tender of 0 records nothing; a payment of nothing at all is refused, as a supplier payment is
  const tenders = (await tendersOf(tx, body.paidAmount)).filter((t) => t.amount > 0);
  const paid = tenders.reduce((s, t) => s + t.amount, 0);
  if (paid === 0) throw badRequest('Paid amount must be above 0', { paidAmount: 'must be above 0' });
  const session = body.tillSessionId ? await sessionOfDocument(tx, body.tillSessionId) : null;
  if (session) refuseUntaken(session, tenders);
  const due = toCents(((await saleBalances(tx, sql`si.id`, sql`si.id = ${sale.id}`)).get(sale.id) ?? zeroBalance).dueAmount);
  if (paid > due) throw badRequest(sellingMessages.amountAboveDue, { paidAmount: `is more than the due ${fromCents(due).toFixed(2)}` });
  const date = body.date ?? (await businessDate(tx, clock));
  const posted = await post(
    tx,
    tenders.map((t) => ({
      date,
      debit: { subAccountId: tenderAccount(session, t) },
      credit: 'accountsReceivable' as const,
      amount: t.amount,
      particulars: `Payment for sale #${sale.number} by ${t.method}`,
      type: 'sale' as const,
      relatedId: sale.id,
      paymentMethodId: t.paymentType,
      tillSessionId: session?.id ?? null,
    })),
  );
  await keepInvoiceFigures(tx, 'sale', sale.id);
  await sealNext(tx, 'customerPayment', posted);
  const [last] = await entriesWhere(tx, and(eq(transaction.relatedId, String(sale.id)), eq(transaction.type, 'sale')))
    .orderBy(desc(transaction.id))
    .limit(1);
  return {
    message: sellingMessages.paymentAdded,
    saleInvoiceNo: sale.id,
    date,
    amount: fromCents(paid),
    dueAmount: fromCents(due - paid),
    transaction: { ...last!, amount: fromCents(paid) },
  };
}
