import { type Cents, fromCents, percentOf, type SaleInvoiceInput, toCents, unitPrice } from '@tillbook/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, fieldError } from '../../platform/errors.ts';
import { requireFound } from '../../platform/queries.ts';
import {
  appSetting,
  customer,
  discount,
  paymentMethod,
  product,
  productVat,
  saleInvoice,
  saleInvoiceProduct,
  subAccount,
} from '../../schema/index.ts';
import { post } from '../accounting/index.ts';
import { moveStock } from '../inventory/index.ts';
import { walkInCustomerId } from './customers.ts';
import { salePostings } from './sale-postings.ts';
import { settleTender, type Tender } from './sale-tender.ts';

export const saleDocument = 'saleInvoice';

/** One priced line: everything in cents, priced by `unitPrice` on the business date. */
interface PricedLine {
  productId: number;
  name: string;
  quantity: number;
  unitPrice: Cents;
  vatPercent: number;
  discount: Cents;
  net: Cents;
  vat: Cents;
}

/** The lines priced by the server: the catalogue price and discount of the day, the line discount before VAT. */
async function priceLines(tx: DbOrTx, input: SaleInvoiceInput, today: string): Promise<PricedLine[]> {
  const ids = input.saleInvoiceProduct.map((l) => l.productId);
  const rows = await tx
    .select({
      id: product.id,
      name: product.name,
      salePrice: product.productSalePrice,
      active: product.status,
      vat: productVat.percentage,
      discount: { type: discount.type, value: discount.value, startDate: discount.startDate, endDate: discount.endDate },
    })
    .from(product)
    .leftJoin(productVat, eq(productVat.id, product.productVatId))
    .leftJoin(discount, and(eq(discount.id, product.discountId), eq(discount.status, true)))
    .where(inArray(product.id, ids));
  const byId = new Map(rows.filter((r) => r.active).map((r) => [r.id, r]));
  requireFound(
    input.saleInvoiceProduct.map((line, index) => [`saleInvoiceProduct.${index}.productId`, line.productId] as const),
    new Set(byId.keys()),
  );
  return input.saleInvoiceProduct.map((line, index) => {
    const row = byId.get(line.productId)!;
    const price = unitPrice({
      salePrice: row.salePrice,
      vatPercentage: row.vat,
      discount: row.discount?.type ? row.discount : null,
      date: today,
    });
    const unit = toCents(price.discountedPrice);
    const gross = unit * line.productQuantity;
    const lineDiscount = toCents(line.productDiscount ?? 0);
    if (lineDiscount > gross)
      throw fieldError(`saleInvoiceProduct.${index}.productDiscount`, `must not be more than the line's ${fromCents(gross).toFixed(2)}`);
    const net = gross - lineDiscount;
    const vatPercent = row.vat ?? 0;
    return {
      productId: row.id,
      name: row.name,
      quantity: line.productQuantity,
      unitPrice: unit,
      vatPercent,
      discount: lineDiscount,
      net,
      vat: percentOf(net, vatPercent),
    };
  });
}

/** The payment methods of the tenders, active ones only; cash is a method whose money lands in Cash. */
async function tendersOf(tx: DbOrTx, input: SaleInvoiceInput): Promise<Tender[]> {
  if (!input.paidAmount.length) return [];
  const methods = await tx
    .select({ id: paymentMethod.id, name: paymentMethod.methodName, subAccountId: paymentMethod.subAccountId, key: subAccount.systemKey })
    .from(paymentMethod)
    .innerJoin(subAccount, eq(subAccount.id, paymentMethod.subAccountId))
    .where(
      and(
        inArray(
          paymentMethod.id,
          input.paidAmount.map((p) => p.paymentType),
        ),
        eq(paymentMethod.status, true),
        eq(paymentMethod.isActive, 'true'),
      ),
    );
  const byId = new Map(methods.map((m) => [m.id, m]));
  requireFound(
    input.paidAmount.map((p, index) => [`paidAmount.${index}.paymentType`, p.paymentType] as const),
    new Set(byId.keys()),
  );
  return input.paidAmount.map((p, index) => {
    const m = byId.get(p.paymentType)!;
    return { index, paymentType: m.id, subAccountId: m.subAccountId, method: m.name, cash: m.key === 'cash', amount: toCents(p.amount) };
  });
}

async function customerFor(tx: DbOrTx, customerId: number | null | undefined): Promise<number> {
  const id = customerId ?? (await walkInCustomerId(tx));
  if (id === undefined) throw fieldError('customerId', 'is required (there is no walk-in customer)');
  const [row] = await tx
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.id, id), eq(customer.status, true)));
  if (!row) throw fieldError('customerId', 'does not exist');
  return row.id;
}

export interface CreatedSale {
  invoiceId: number;
  customerId: number;
  change: Cents;
}

/**
 * A complete till sale, inside the caller's transaction: priced lines, the header numbered by the
 * table's sequence, stock out through moveStock (in product-id order; below zero only when the shop
 * allows the till to sell below zero), cost at each product's average cost when it left, and the
 * postings of 3.3. Paid is what the tenders cover up to the total; cash beyond it is change.
 */
export async function createSale(tx: DbOrTx, input: SaleInvoiceInput, userId: number, clock: Clock): Promise<CreatedSale> {
  const today = await businessDate(tx, clock);
  const lines = await priceLines(tx, input, today);
  const tenders = await tendersOf(tx, input);
  const customerId = await customerFor(tx, input.customerId);
  const net = lines.reduce((s, l) => s + l.net, 0);
  const vat = lines.reduce((s, l) => s + l.vat, 0);
  const settled = settleTender(net + vat, tenders);
  if (!settled) throw badRequest('Amount cannot be greater than due!', { paidAmount: 'is more than the total; only cash gives change' });

  const date = input.date ?? today;
  const [header] = await tx
    .insert(saleInvoice)
    .values({
      date,
      state: 'completed',
      customerId,
      userId,
      totalAmount: fromCents(net),
      totalTaxAmount: fromCents(vat),
      totalDiscountAmount: fromCents(lines.reduce((s, l) => s + l.discount, 0)),
      profit: 0,
      note: input.note,
    })
    .returning({ id: saleInvoice.id });
  const invoiceId = header!.id;

  const [setting] = await tx.select({ allowNegative: appSetting.allowNegativeStock }).from(appSetting).limit(1);
  const costs = new Map<number, Cents>();
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const moved = await moveStock(tx, {
      productId: line.productId,
      quantity: -line.quantity,
      reason: 'sale',
      documentType: saleDocument,
      documentId: invoiceId,
      userId,
      allowNegative: setting?.allowNegative ?? false,
    });
    costs.set(line.productId, toCents(moved.unitCost));
  }
  await tx.insert(saleInvoiceProduct).values(
    lines.map((l) => ({
      invoiceId,
      productId: l.productId,
      productQuantity: l.quantity,
      productUnitSalePrice: fromCents(l.unitPrice),
      productDiscount: fromCents(l.discount),
      productFinalAmount: fromCents(l.net),
      tax: l.vatPercent,
      taxAmount: fromCents(l.vat),
      unitCost: fromCents(costs.get(l.productId)!),
    })),
  );
  const cost = lines.reduce((s, l) => s + costs.get(l.productId)! * l.quantity, 0);
  await tx
    .update(saleInvoice)
    .set({ profit: fromCents(net - cost) })
    .where(eq(saleInvoice.id, invoiceId));
  await post(
    tx,
    salePostings({
      invoiceId,
      date,
      net,
      vat,
      cost,
      payments: settled.kept.map((t) => ({ subAccountId: t.subAccountId, amount: t.amount, method: t.method })),
    }),
  );
  return { invoiceId, customerId, change: settled.change };
}
