import { type Cents, fromCents, percentOf, type SaleInvoiceInput, toCents, unitPrice, walkInCustomerName } from '@tillbook/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Clock, dayIn, serverTimeZone } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, fieldError } from '../../platform/errors.ts';
import { requireFound } from '../../platform/queries.ts';
import { transition } from '../../platform/transition.ts';
import { appSetting, customer, discount, product, productVat, saleInvoice, saleInvoiceProduct } from '../../schema/index.ts';
import { post, vatByRate } from '../accounting/index.ts';
import { moveStocks } from '../inventory/index.ts';
import { saleDoc, saleDocument } from './sale-doc.ts';
import { salePostings } from './sale-postings.ts';
import { settleTender, type Tender, tendersOf } from './sale-tender.ts';

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
async function priceLines(
  tx: DbOrTx,
  input: SaleInvoiceInput,
  clock: Clock,
): Promise<{ lines: PricedLine[]; settings: SaleSettings; today: string }> {
  const ids = input.saleInvoiceProduct.map((l) => l.productId);
  const rows = await tx
    .select({
      ...settingsColumns,
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
  const settings = saleSettings(rows[0]);
  const today = dayIn(clock.now(), settings.timeZone);
  const lines = input.saleInvoiceProduct.map((line, index) => {
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
  return { lines, settings, today };
}

/**
 * The buyer: the customer sent, else the walk-in customer (the first of that name), active; one query
 * answers both which customer that is and whether it is there.
 */
async function customerFor(tx: DbOrTx, customerId: number | null | undefined): Promise<number> {
  const walkIn = sql<
    number | null
  >`(select ${customer.id} from ${customer} where ${customer.username} = ${walkInCustomerName} order by ${customer.id} limit 1)`;
  const wanted = customerId ?? walkIn;
  const [row] = await tx
    .select({ walkIn: customerId == null ? walkIn : sql<null>`null`, id: customer.id })
    .from(sql`(select 1) as one`)
    .leftJoin(customer, and(eq(customer.id, wanted), eq(customer.status, true)));
  if (customerId == null && row?.walkIn == null) throw fieldError('customerId', 'is required (there is no walk-in customer)');
  if (row?.id == null) throw fieldError('customerId', 'does not exist');
  return row.id;
}

/**
 * The shop's settings a sale reads, carried by the pricing query (one statement): its time zone (for
 * the business date) and whether the till may sell below zero.
 */
const settingsColumns = {
  timeZone: sql<string | null>`(select ${appSetting.timeZone} from ${appSetting} order by ${appSetting.id} limit 1)`,
  allowNegative: sql<boolean | null>`(select ${appSetting.allowNegativeStock} from ${appSetting} order by ${appSetting.id} limit 1)`,
};
interface SaleSettings {
  timeZone: string;
  allowNegative: boolean;
}
const saleSettings = (row: { timeZone: string | null; allowNegative: boolean | null } | undefined): SaleSettings => ({
  timeZone: row?.timeZone ?? serverTimeZone(),
  allowNegative: row?.allowNegative ?? false,
});

export interface CreatedSale {
  invoiceId: number;
  customerId: number;
  change: Cents;
}

/** A sale as the server prices it: lines, tenders settled against the total, the customer, the dates. */
interface PricedSale {
  lines: PricedLine[];
  customerId: number;
  net: Cents;
  vat: Cents;
  discount: Cents;
  date: string;
  tenders: Tender[];
  /** The shop lets the till sell below zero (allowNegativeStock). */
  allowNegative: boolean;
}

async function priceSale(tx: DbOrTx, input: SaleInvoiceInput, clock: Clock): Promise<PricedSale> {
  const { lines, settings, today } = await priceLines(tx, input, clock);
  const tenders = await tendersOf(tx, input.paidAmount);
  const customerId = await customerFor(tx, input.customerId);
  return {
    lines,
    tenders,
    customerId,
    allowNegative: settings.allowNegative,
    net: lines.reduce((s, l) => s + l.net, 0),
    vat: lines.reduce((s, l) => s + l.vat, 0),
    discount: lines.reduce((s, l) => s + l.discount, 0),
    date: input.date ?? today,
  };
}

const headerValues = (sale: PricedSale, userId: number, note: string | null | undefined) => ({
  date: sale.date,
  customerId: sale.customerId,
  userId,
  totalAmount: fromCents(sale.net),
  totalTaxAmount: fromCents(sale.vat),
  totalDiscountAmount: fromCents(sale.discount),
  profit: 0,
  note,
});

const lineValues = (invoiceId: number, l: PricedLine, unitCost: Cents) => ({
  invoiceId,
  productId: l.productId,
  productQuantity: l.quantity,
  productUnitSalePrice: fromCents(l.unitPrice),
  productDiscount: fromCents(l.discount),
  productFinalAmount: fromCents(l.net),
  tax: l.vatPercent,
  taxAmount: fromCents(l.vat),
  unitCost: fromCents(unitCost),
});

/**
 * The effects of a complete sale on a header already written: stock out through moveStock (in
 * product-id order; below zero only when the shop allows the till to sell below zero), the lines at
 * each product's average cost when it left, the profit, and the postings of 3.3. Paid is what the
 * tenders cover up to the total; cash beyond it is change.
 */
async function completeSale(tx: DbOrTx, invoiceId: number, sale: PricedSale, userId: number): Promise<Cents> {
  const settled = settleTender(sale.net + sale.vat, sale.tenders);
  if (!settled) throw badRequest('Amount cannot be greater than due!', { paidAmount: 'is more than the total; only cash gives change' });
  const moved = await moveStocks(
    tx,
    sale.lines.map((line) => ({
      productId: line.productId,
      quantity: -line.quantity,
      reason: 'sale' as const,
      documentType: saleDocument,
      documentId: invoiceId,
      userId,
      allowNegative: sale.allowNegative,
    })),
  );
  const costs = new Map(moved.map((m) => [m.productId, toCents(m.unitCost)]));
  await tx.insert(saleInvoiceProduct).values(sale.lines.map((l) => lineValues(invoiceId, l, costs.get(l.productId)!)));
  const cost = sale.lines.reduce((s, l) => s + costs.get(l.productId)! * l.quantity, 0);
  await tx
    .update(saleInvoice)
    .set({ profit: fromCents(sale.net - cost) })
    .where(eq(saleInvoice.id, invoiceId));
  await post(
    tx,
    salePostings({
      invoiceId,
      date: sale.date,
      net: sale.net,
      vat: vatByRate(sale.lines.map((l) => ({ rate: l.vatPercent, vat: l.vat }))),
      cost,
      payments: settled.kept.map((t) => ({ subAccountId: t.subAccountId, amount: t.amount, method: t.method })),
    }),
  );
  return settled.change;
}

/**
 * POST sale-invoice/, inside the caller's transaction: a complete sale numbered by the table's
 * sequence, or with isHold 'true' a held one (a parked cart: its lines priced and kept, no stock
 * moved, nothing posted, no payment taken).
 */
export async function createSale(tx: DbOrTx, input: SaleInvoiceInput, userId: number, clock: Clock): Promise<CreatedSale> {
  const sale = await priceSale(tx, input, clock);
  const hold = input.isHold === 'true';
  const [header] = await tx
    .insert(saleInvoice)
    .values({ ...headerValues(sale, userId, input.note), state: hold ? 'held' : 'completed' })
    .returning({ id: saleInvoice.id });
  const invoiceId = header!.id;
  if (hold) {
    await tx.insert(saleInvoiceProduct).values(sale.lines.map((l) => lineValues(invoiceId, l, 0)));
    return { invoiceId, customerId: sale.customerId, change: 0 };
  }
  const change = await completeSale(tx, invoiceId, sale, userId);
  return { invoiceId, customerId: sale.customerId, change };
}

/**
 * PUT sale-invoice/hold/{id}: completes a held sale with the till's (full) body, as a sale made now;
 * the lines are priced again. The row lock makes a second completion wait and then find it
 * completed (409 invalid_transition); not enough stock refuses it and it stays held.
 */
export async function completeHeldSale(
  tx: DbOrTx,
  invoiceId: number,
  input: SaleInvoiceInput,
  userId: number,
  clock: Clock,
): Promise<CreatedSale> {
  await transition(tx, saleDoc, invoiceId, 'completed');
  const sale = await priceSale(tx, input, clock);
  await tx
    .update(saleInvoice)
    .set(headerValues(sale, userId, input.note))
    .where(eq(saleInvoice.id, invoiceId));
  await tx.delete(saleInvoiceProduct).where(eq(saleInvoiceProduct.invoiceId, invoiceId));
  const change = await completeSale(tx, invoiceId, sale, userId);
  return { invoiceId, customerId: sale.customerId, change };
}

/** PATCH sale-invoice/order {invoiceId, status: 'false'}: a held sale is cancelled (it had no effects to undo). */
export async function cancelHeldSale(tx: DbOrTx, invoiceId: number): Promise<void> {
  await transition(tx, saleDoc, invoiceId, 'cancelled', { status: false });
}
