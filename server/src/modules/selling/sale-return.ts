import { type Cents, fromCents, type ReturnSaleInput, sellingMessages, stockDocuments, toCents } from '@tillbook/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit-trail.ts';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { numberDocument } from '../../platform/document-number.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { sealDocument } from '../../platform/journal-seal.ts';
import { requireFound } from '../../platform/queries.ts';
import { lockState } from '../../platform/transition.ts';
import { returnSaleInvoice, returnSaleInvoiceProduct, saleInvoice, saleInvoiceProduct } from '../../schema/index.ts';
import { type AccountRef, keepInvoiceFigures, post, vatByRate } from '../accounting/index.ts';
import { moveStock, takeInAtCost } from '../inventory/index.ts';
import { type DocumentSession, refuseUntaken, sessionOfDocument, tenderAccount } from '../till/index.ts';
import { returnedByLine } from './return-read.ts';
import { saleBalances, zeroBalance } from './sale-balances.ts';
import { saleDoc } from './sale-doc.ts';
import { saleReturnPostings } from './sale-postings.ts';
import { tendersOf } from './sale-tender.ts';

export const saleReturnDocument = stockDocuments.saleReturn;

/**
 * A line's amount for the first `quantity` of `sold` units, half up in cents. A return takes
 * share(returned + q) − share(returned), so the returns of a whole line add up to the line exactly.
 */
const share = (amount: Cents, sold: number, quantity: number): Cents => Math.floor((amount * quantity) / sold + 0.5);

/**
 * The refunds with the account each leaves: its payment method's (active methods only), cash when none is named;
 * in a till session, cash leaves the till's drawer.
 */
async function refundsOf(tx: DbOrTx, input: ReturnSaleInput['instantReturnAmount'], session: DocumentSession | null) {
  const named = input.flatMap((r, index) => (r.paymentType ? [{ index, paymentType: r.paymentType, amount: r.amount }] : []));
  const tenders = await tendersOf(tx, named, 'instantReturnAmount');
  if (session)
    refuseUntaken(
      session,
      tenders.map((t, i) => ({ ...t, index: named[i]!.index })),
      'instantReturnAmount',
    );
  const byIndex = new Map(named.map((n, i) => [n.index, tenders[i]!]));
  return input
    .map((r, index) => {
      const tender = byIndex.get(index);
      const account: AccountRef = tender
        ? { subAccountId: tenderAccount(session, tender) }
        : session
          ? { subAccountId: session.drawer }
          : 'cash';
      return { account, amount: toCents(r.amount), method: tender?.method ?? 'cash', ...(tender ? { methodId: tender.paymentType } : {}) };
    })
    .filter((r) => r.amount > 0);
}

/**
 * POST return-sale-invoice inside the caller's transaction (reference 3.7, with section 5 #11 and #22
 * fixed). The sale's row is locked first, so two returns of one sale take turns and the second sees
 * the first's lines: no line comes back beyond sold minus already returned. Values are the sale
 * line's, prorated (net and VAT, half up); the goods come back through moveStock at the cost they
 * left at (the line's unitCost), before the return's lines are written, and the product's average cost
 * takes them in at that cost. The return takes its number last. A refund may not exceed what the
 * customer paid on the sale net of earlier refunds, nor the value returned.
 */
export async function createSaleReturn(tx: DbOrTx, input: ReturnSaleInput, userId: number, clock: Clock): Promise<number> {
  const saleId = input.saleInvoiceId;
  const state = await lockState(tx, saleDoc, saleId);
  if (state !== 'completed')
    throw conflict(`Sale invoice ${saleId} is ${state}; nothing can be returned`, { saleInvoiceId: `is ${state}` });
  const lineIds = input.returnSaleInvoiceProduct.map((l) => l.saleInvoiceProductId);
  const returned = returnedByLine(tx, saleId);
  const sold = await tx
    .select({
      id: saleInvoiceProduct.id,
      productId: saleInvoiceProduct.productId,
      productVariantId: saleInvoiceProduct.productVariantId,
      quantity: saleInvoiceProduct.productQuantity,
      unitPrice: saleInvoiceProduct.productUnitSalePrice,
      net: saleInvoiceProduct.productFinalAmount,
      tax: saleInvoiceProduct.tax,
      taxAmount: saleInvoiceProduct.taxAmount,
      unitCost: saleInvoiceProduct.unitCost,
      returned: sql<number>`coalesce(${returned.quantity}, 0)::int`.mapWith(Number),
    })
    .from(saleInvoiceProduct)
    .leftJoin(returned, eq(returned.lineId, saleInvoiceProduct.id))
    .where(and(eq(saleInvoiceProduct.invoiceId, saleId), inArray(saleInvoiceProduct.id, lineIds)));
  const byId = new Map(sold.map((s) => [s.id, s]));
  requireFound(
    input.returnSaleInvoiceProduct.map((l, i) => [`returnSaleInvoiceProduct.${i}.saleInvoiceProductId`, l.saleInvoiceProductId] as const),
    new Set(byId.keys()),
  );
  const over = input.returnSaleInvoiceProduct.flatMap((l, i) => {
    const line = byId.get(l.saleInvoiceProductId)!;
    const left = line.quantity - line.returned;
    return l.productQuantity > left ? [[`returnSaleInvoiceProduct.${i}.productQuantity`, `must be at most ${left}`] as const] : [];
  });
  if (over.length) throw badRequest(sellingMessages.returnOverQuantity, Object.fromEntries(over));

  const lines = input.returnSaleInvoiceProduct
    .map((l) => {
      const line = byId.get(l.saleInvoiceProductId)!;
      const upTo = (amount: number, q: number) => share(toCents(amount), line.quantity, q);
      const after = line.returned + l.productQuantity;
      return {
        ...l,
        line,
        net: upTo(line.net, after) - upTo(line.net, line.returned),
        vat: upTo(line.taxAmount, after) - upTo(line.taxAmount, line.returned),
        cost: toCents(line.unitCost) * l.productQuantity,
      };
    })
    .sort((a, b) => a.line.productId - b.line.productId || (a.line.productVariantId ?? 0) - (b.line.productVariantId ?? 0));
  const net = lines.reduce((acc, l) => acc + l.net, 0);
  const vat = lines.reduce((acc, l) => acc + l.vat, 0);
  const cost = lines.reduce((acc, l) => acc + l.cost, 0);

  const session = input.tillSessionId ? await sessionOfDocument(tx, input.tillSessionId) : null;
  const refunds = await refundsOf(tx, input.instantReturnAmount, session);
  const refund = refunds.reduce((acc, r) => acc + r.amount, 0);
  const balance = (await saleBalances(tx, sql`si.id`, sql`si.id = ${saleId}`)).get(saleId) ?? zeroBalance;
  const refundable = toCents(balance.totalPaidAmount) - toCents(balance.instantPaidReturnAmount);
  if (refund > refundable)
    throw badRequest('A refund cannot be more than the customer paid', {
      instantReturnAmount: `is more than the customer paid on this sale (${fromCents(Math.max(0, refundable)).toFixed(2)} left to refund)`,
    });
  if (refund > net + vat)
    throw badRequest('A refund cannot be more than the value returned', {
      instantReturnAmount: `is more than the value returned (${fromCents(net + vat).toFixed(2)})`,
    });

  const date = input.date ?? (await businessDate(tx, clock));
  const [header] = await tx
    .insert(returnSaleInvoice)
    .values({
      date,
      saleInvoiceId: saleId,
      totalAmount: fromCents(net),
      tax: fromCents(vat),
      instantReturnAmount: fromCents(refund),
      note: input.note,
      invoiceMemoNo: input.invoiceMemoNo,
      userId,
      tillSessionId: session?.id ?? null,
    })
    .returning({ id: returnSaleInvoice.id });
  const returnId = header!.id;
  // the goods come back first: moveStock locks each product (in product-id order) before a line's foreign key
  // takes its share lock on it, so two documents on one product never cross their locks
  for (const l of lines) {
    const moved = await moveStock(tx, {
      productId: l.line.productId,
      productVariantId: l.line.productVariantId,
      quantity: l.productQuantity,
      reason: 'saleReturn',
      documentType: saleReturnDocument,
      documentId: returnId,
      unitCost: l.line.unitCost,
      userId,
    });
    await takeInAtCost(tx, l.line, moved.quantityAfter - l.productQuantity, l.productQuantity, toCents(l.line.unitCost));
  }
  await tx.insert(returnSaleInvoiceProduct).values(
    lines.map((l) => ({
      invoiceId: returnId,
      saleInvoiceProductId: l.saleInvoiceProductId,
      productId: l.line.productId,
      productVariantId: l.line.productVariantId,
      productQuantity: l.productQuantity,
      productUnitSalePrice: l.line.unitPrice,
      productFinalAmount: fromCents(l.net),
      tax: l.line.tax,
      taxAmount: fromCents(l.vat),
      unitCost: l.line.unitCost,
    })),
  );
  const [sale] = await tx
    .update(saleInvoice)
    .set({ profit: sql`${saleInvoice.profit} - ${fromCents(net - cost)}` })
    .where(eq(saleInvoice.id, saleId))
    .returning({ number: saleInvoice.number });
  const returnNumber = await numberDocument(tx, returnSaleInvoice, returnId, 'saleReturn');
  await post(
    tx,
    saleReturnPostings({
      invoiceId: saleId,
      saleNumber: sale!.number!,
      returnNumber,
      date,
      net,
      vat: vatByRate(lines.map((l) => ({ rate: l.line.tax, vat: l.vat }))),
      cost,
      refunds,
      tillSessionId: session?.id ?? null,
    }),
  );
  await keepInvoiceFigures(tx, 'sale', saleId);
  await sealDocument(tx, 'saleReturn', returnNumber, returnId);
  if (input.withoutInvoice === 'true')
    await auditEvents(tx, [
      {
        entity: 'returnSaleInvoice',
        id: returnId,
        action: 'returnWithoutInvoice',
        changes: [
          { field: 'saleInvoiceId', old: null, new: saleId },
          { field: 'saleNumber', old: null, new: sale!.number },
          { field: 'returnAmount', old: null, new: fromCents(net + lines.reduce((s, l) => s + l.vat, 0)) },
          ...(session ? [{ field: 'tillSessionId', old: null, new: session.id }] : []),
        ],
      },
    ]);
  return returnId;
}
