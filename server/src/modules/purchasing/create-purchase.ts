import { fromCents, type PurchaseInvoiceInput, purchaseMessages, stockDocuments, toCents } from '@tillbook/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { numberDocument } from '../../platform/document-number.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireFound, requireIdsExist } from '../../platform/queries.ts';
import { product, productVariant, productVat, purchaseInvoice, purchaseInvoiceProduct, supplier } from '../../schema/index.ts';
import { post, vatByRate } from '../accounting/index.ts';
import { moveStock, movingAverage, receivePurchaseRequest, variantsOfLines } from '../inventory/index.ts';
import { paidAmounts } from './payment-accounts.ts';
import { purchasePostings } from './purchase-postings.ts';

export const purchaseDocument = stockDocuments.purchase;

/** VAT of a line in cents, half up. */
export const lineTax = (net: number, percent: number) => Math.floor((net * Math.round(percent * 100)) / 10_000 + 0.5);

/**
 * POST purchase-invoice inside the caller's transaction: the products locked first (product-id order),
 * the header and lines (a line's VAT, when not given, is its product's VAT type's), stock in through
 * moveStock, each product's moving-average cost and (when given) its sale price, the purchase's number
 * (taken last, so its series' lock is held only to the commit)
 * and the postings of reference 3.8. Paying more than the invoice's total is refused. With
 * `purchaseRequestId` the invoice receives that purchase request (requested → received, naming the
 * invoice) in the same transaction; its lines may differ from the request's (what actually came).
 */
export async function createPurchase(tx: DbOrTx, input: PurchaseInvoiceInput, userId: number, clock: Clock): Promise<number> {
  await requireIdsExist(tx, supplier.id, [['supplierId', input.supplierId]]);
  const lines = [...input.purchaseInvoiceProduct].sort(
    (a, b) => a.productId - b.productId || (a.productVariantId ?? 0) - (b.productVariantId ?? 0),
  );
  const products = await tx
    .select({
      id: product.id,
      name: product.name,
      hasVariants: product.hasVariants,
      quantity: product.productQuantity,
      cost: product.productPurchasePrice,
      // a subquery, so that only the product rows are locked
      vat: sql<string | null>`(select ${productVat.percentage} from ${productVat} where ${productVat.id} = ${product.productVatId})`,
    })
    .from(product)
    .where(
      inArray(
        product.id,
        lines.map((l) => l.productId),
      ),
    )
    .orderBy(asc(product.id))
    .for('update');
  const byId = new Map(products.map((p) => [p.id, p]));
  requireFound(
    input.purchaseInvoiceProduct.map((l, i) => [`purchaseInvoiceProduct.${i}.productId`, l.productId] as const),
    new Set(byId.keys()),
  );
  const variants = await variantsOfLines(tx, input.purchaseInvoiceProduct, byId, (i) => `purchaseInvoiceProduct.${i}.productVariantId`);
  const valued = lines.map((l) => {
    const unit = toCents(l.productUnitPurchasePrice);
    const net = unit * l.productQuantity;
    const percent = l.tax ?? Number(byId.get(l.productId)!.vat ?? 0);
    return { ...l, percent, unit, net, tax: lineTax(net, percent) };
  });
  const net = valued.reduce((acc, l) => acc + l.net, 0);
  const tax = valued.reduce((acc, l) => acc + l.tax, 0);
  const paid = await paidAmounts(tx, input.paidAmount, 'paidAmount');
  const paidTotal = paid.reduce((acc, p) => acc + p.amount, 0);
  if (paidTotal > net + tax) throw badRequest(purchaseMessages.amountOverDue, { paidAmount: 'is more than the invoice total' });

  const date = input.date ?? (await businessDate(tx, clock));
  const [header] = await tx
    .insert(purchaseInvoice)
    .values({
      date,
      supplierId: input.supplierId,
      note: input.note,
      supplierMemoNo: input.supplierMemoNo,
      invoiceMemoNo: input.invoiceMemoNo,
      totalAmount: fromCents(net),
      totalTax: fromCents(tax),
      paidAmount: fromCents(paidTotal),
      dueAmount: fromCents(net + tax - paidTotal),
      userId,
    })
    .returning({ id: purchaseInvoice.id });
  const invoiceId = header!.id;
  await tx.insert(purchaseInvoiceProduct).values(
    valued.map((l) => ({
      invoiceId,
      productId: l.productId,
      productVariantId: l.productVariantId ?? null,
      productQuantity: l.productQuantity,
      productUnitPurchasePrice: fromCents(l.unit),
      productUnitSalePrice: l.productUnitSalePrice ?? null,
      productFinalAmount: fromCents(l.net),
      tax: l.percent,
      taxAmount: fromCents(l.tax),
    })),
  );
  for (const l of valued) {
    const variant = l.productVariantId == null ? undefined : variants.get(l.productVariantId);
    const before = variant ?? byId.get(l.productId)!;
    await moveStock(tx, {
      productId: l.productId,
      productVariantId: variant?.id,
      quantity: l.productQuantity,
      reason: 'purchase',
      documentType: purchaseDocument,
      documentId: invoiceId,
      unitCost: fromCents(l.unit),
      userId,
    });
    const cost = movingAverage(before.quantity, toCents(before.cost), l.productQuantity, l.unit);
    const priced = l.productUnitSalePrice != null ? { productSalePrice: l.productUnitSalePrice } : {};
    if (variant)
      await tx
        .update(productVariant)
        .set({ productPurchasePrice: fromCents(cost), ...priced })
        .where(eq(productVariant.id, variant.id));
    else
      await tx
        .update(product)
        .set({ productPurchasePrice: fromCents(cost), ...priced })
        .where(eq(product.id, l.productId));
  }
  const number = await numberDocument(tx, purchaseInvoice, invoiceId, 'purchase');
  await post(
    tx,
    purchasePostings({ invoiceId, number, date, net, tax: vatByRate(valued.map((l) => ({ rate: l.percent, vat: l.tax }))), paid }),
  );
  if (input.purchaseRequestId) await receivePurchaseRequest(tx, input.purchaseRequestId, invoiceId);
  return invoiceId;
}
