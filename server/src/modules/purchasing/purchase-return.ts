import { fromCents, purchaseMessages, type ReturnPurchaseInput, stockDocuments, toCents } from '@tillbook/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { numberDocument } from '../../platform/document-number.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { requireFound } from '../../platform/queries.ts';
import { lockState } from '../../platform/transition.ts';
import { purchaseInvoice, purchaseInvoiceProduct, returnPurchaseInvoice, returnPurchaseInvoiceProduct } from '../../schema/index.ts';
import { keepInvoiceFigures, post, vatByRate } from '../accounting/index.ts';
import { moveStock } from '../inventory/index.ts';
import { paidAmounts } from './payment-accounts.ts';
import { purchaseReturnPostings } from './purchase-postings.ts';
import { purchaseDoc } from './undo-purchase.ts';

export const purchaseReturnDocument = stockDocuments.purchaseReturn;

/**
 * POST return-purchase-invoice inside the caller's transaction. The purchase invoice's row is locked
 * first, so two returns of the same invoice take turns and the second sees the first's lines: no line
 * goes back beyond bought minus already returned. Values are the purchase line's (net = unit cost ×
 * quantity, VAT prorated, half up); stock goes out through moveStock at that cost (before the lines are
 * written); the return takes its number last; postings per 3.9.
 */
export async function createPurchaseReturn(tx: DbOrTx, input: ReturnPurchaseInput, userId: number, clock: Clock): Promise<number> {
  const invoiceId = input.purchaseInvoiceId;
  const state = await lockState(tx, purchaseDoc, invoiceId);
  if (state !== 'active') throw conflict(`Purchase invoice ${invoiceId} is ${state}; nothing can be returned`);
  const lineIds = input.returnPurchaseInvoiceProduct.map((l) => l.purchaseInvoiceProductId);
  const returned = tx
    .select({
      lineId: returnPurchaseInvoiceProduct.purchaseInvoiceProductId,
      quantity: sql<number>`sum(${returnPurchaseInvoiceProduct.productQuantity})::int`.as('quantity'),
    })
    .from(returnPurchaseInvoiceProduct)
    .where(inArray(returnPurchaseInvoiceProduct.purchaseInvoiceProductId, lineIds))
    .groupBy(returnPurchaseInvoiceProduct.purchaseInvoiceProductId)
    .as('returned');
  const bought = await tx
    .select({
      id: purchaseInvoiceProduct.id,
      productId: purchaseInvoiceProduct.productId,
      productVariantId: purchaseInvoiceProduct.productVariantId,
      quantity: purchaseInvoiceProduct.productQuantity,
      unitCost: purchaseInvoiceProduct.productUnitPurchasePrice,
      tax: purchaseInvoiceProduct.tax,
      taxAmount: purchaseInvoiceProduct.taxAmount,
      returned: sql<number>`coalesce(${returned.quantity}, 0)::int`.mapWith(Number),
    })
    .from(purchaseInvoiceProduct)
    .leftJoin(returned, eq(returned.lineId, purchaseInvoiceProduct.id))
    .where(and(eq(purchaseInvoiceProduct.invoiceId, invoiceId), inArray(purchaseInvoiceProduct.id, lineIds)));
  const byId = new Map(bought.map((b) => [b.id, b]));
  requireFound(
    input.returnPurchaseInvoiceProduct.map(
      (l, i) => [`returnPurchaseInvoiceProduct.${i}.purchaseInvoiceProductId`, l.purchaseInvoiceProductId] as const,
    ),
    new Set(byId.keys()),
  );
  const over = input.returnPurchaseInvoiceProduct.flatMap((l, i) => {
    const line = byId.get(l.purchaseInvoiceProductId)!;
    const left = line.quantity - line.returned;
    return l.productQuantity > left ? [[`returnPurchaseInvoiceProduct.${i}.productQuantity`, `must be at most ${left}`] as const] : [];
  });
  if (over.length) throw badRequest(purchaseMessages.returnOverQuantity, Object.fromEntries(over));

  const lines = input.returnPurchaseInvoiceProduct
    .map((l) => {
      const line = byId.get(l.purchaseInvoiceProductId)!;
      const unit = toCents(line.unitCost);
      const tax = Math.floor((toCents(line.taxAmount) * l.productQuantity) / line.quantity + 0.5);
      return { ...l, line, unit, net: unit * l.productQuantity, tax };
    })
    .sort((a, b) => a.line.productId - b.line.productId || (a.line.productVariantId ?? 0) - (b.line.productVariantId ?? 0));
  const net = lines.reduce((acc, l) => acc + l.net, 0);
  const tax = lines.reduce((acc, l) => acc + l.tax, 0);
  const instant = await paidAmounts(tx, input.instantReturnAmount, 'instantReturnAmount');
  const instantTotal = instant.reduce((acc, x) => acc + x.amount, 0);
  // the supplier pays back at most what was paid on the purchase and not yet paid back: the figures are
  // the ledger's, kept on the invoice row, which is locked above (two returns at once take turns)
  const [kept] = await tx
    .select({ paid: purchaseInvoice.paidAmount, refunded: purchaseInvoice.instantPaidReturnAmount })
    .from(purchaseInvoice)
    .where(eq(purchaseInvoice.id, invoiceId));
  const refundable = toCents(kept!.paid) - toCents(kept!.refunded);
  if (instantTotal > refundable)
    throw badRequest('A refund cannot be more than was paid to the supplier', {
      instantReturnAmount: `is more than was paid on this purchase (${fromCents(Math.max(0, refundable)).toFixed(2)} left to refund)`,
    });
  if (instantTotal > net + tax)
    throw badRequest(purchaseMessages.amountOverDue, { instantReturnAmount: 'is more than the value returned' });

  const date = input.date ?? (await businessDate(tx, clock));
  const [header] = await tx
    .insert(returnPurchaseInvoice)
    .values({
      date,
      purchaseInvoiceId: invoiceId,
      totalAmount: fromCents(net),
      tax: fromCents(tax),
      instantReturnAmount: fromCents(instantTotal),
      note: input.note,
      invoiceMemoNo: input.invoiceMemoNo,
      userId,
    })
    .returning({ id: returnPurchaseInvoice.id });
  const returnId = header!.id;
  // the goods go out first: moveStock locks each product (in product-id order) before a line's foreign key
  // takes its share lock on it, so two documents on one product never cross their locks
  for (const l of lines) {
    await moveStock(tx, {
      productId: l.line.productId,
      productVariantId: l.line.productVariantId,
      quantity: -l.productQuantity,
      reason: 'purchaseReturn',
      documentType: purchaseReturnDocument,
      documentId: returnId,
      unitCost: l.line.unitCost,
      userId,
    });
  }
  await tx.insert(returnPurchaseInvoiceProduct).values(
    lines.map((l) => ({
      invoiceId: returnId,
      purchaseInvoiceProductId: l.purchaseInvoiceProductId,
      productId: l.line.productId,
      productVariantId: l.line.productVariantId,
      productQuantity: l.productQuantity,
      productUnitPurchasePrice: l.line.unitCost,
      productFinalAmount: fromCents(l.net),
      tax: l.line.tax,
      taxAmount: fromCents(l.tax),
    })),
  );
  const [purchase] = await tx.select({ number: purchaseInvoice.number }).from(purchaseInvoice).where(eq(purchaseInvoice.id, invoiceId));
  const returnNumber = await numberDocument(tx, returnPurchaseInvoice, returnId, 'purchaseReturn');
  await post(
    tx,
    purchaseReturnPostings({
      invoiceId,
      purchaseNumber: purchase!.number!,
      returnNumber,
      date,
      net,
      tax: vatByRate(lines.map((l) => ({ rate: l.line.tax, vat: l.tax }))),
      instant,
    }),
  );
  await keepInvoiceFigures(tx, 'purchase', invoiceId);
  return returnId;
}
