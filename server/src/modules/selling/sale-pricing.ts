import { type Cents, discountNetLines, fromCents, percentOf, type SaleInvoiceInput, toCents, unitPrice } from '@tillbook/contract';
import { type Clock, dayIn, serverTimeZone } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { requireFound } from '../../platform/queries.ts';
import { type DocumentSession, openSessionOf, refuseUntaken } from '../till/index.ts';
import { lookUpSale, type SaleCustomer, type SaleLookup, type SaleProduct, type SaleVariant } from './sale-lookup.ts';
import { type Tender, tendersFrom } from './sale-tender.ts';

/** One priced line: everything in cents, priced by `unitPrice` on the business date. */
export interface PricedLine {
  productId: number;
  /** The variant sold, when the product has variants. */
  productVariantId: number | null;
  variantSku: string | null;
  name: string;
  sku: string;
  quantity: number;
  unitPrice: Cents;
  /** The catalogue's unit price of the day; differs from `unitPrice` when a price was typed over it (issue 34). */
  listUnitPrice: Cents;
  vatPercent: number;
  discount: Cents;
  /** The line's share of the sale's discount. */
  share: Cents;
  /** After the line discount and the share, before VAT. */
  net: Cents;
  /** On the net after the share. */
  vat: Cents;
}

/** The lines priced by the server: the catalogue price and discount of the day, the line discount before VAT. */
function priceLines(
  products: readonly SaleProduct[],
  variants: readonly SaleVariant[],
  input: SaleInvoiceInput,
  today: string,
): PricedLine[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const variantsById = new Map(variants.map((v) => [v.id, v]));
  requireFound(
    input.saleInvoiceProduct.map((line, index) => [`saleInvoiceProduct.${index}.productId`, line.productId] as const),
    new Set(byId.keys()),
  );
  return input.saleInvoiceProduct.map((line, index) => {
    const row = byId.get(line.productId)!;
    const variant = variantOf(row, line.productVariantId, variantsById, `saleInvoiceProduct.${index}.productVariantId`);
    const price = unitPrice({
      salePrice: variant?.salePrice ?? row.salePrice,
      vatPercentage: row.vat,
      discount: row.discount?.type ? row.discount : null,
      date: today,
    });
    const listUnit = toCents(price.discountedPrice);
    const unit = line.priceOverride === undefined ? listUnit : toCents(line.priceOverride);
    const gross = unit * line.productQuantity;
    const lineDiscount = toCents(line.productDiscount ?? 0);
    if (lineDiscount > gross)
      throw fieldError(`saleInvoiceProduct.${index}.productDiscount`, `must not be more than the line's ${fromCents(gross).toFixed(2)}`);
    const net = gross - lineDiscount;
    const vatPercent = row.vat ?? 0;
    return {
      productId: row.id,
      productVariantId: variant?.id ?? null,
      variantSku: variant?.sku ?? null,
      name: row.name,
      sku: row.sku,
      quantity: line.productQuantity,
      unitPrice: unit,
      listUnitPrice: listUnit,
      vatPercent,
      discount: lineDiscount,
      share: 0,
      net,
      vat: percentOf(net, vatPercent),
    };
  });
}

/**
 * The variant a line names, checked against its product: required when the product sells by variants,
 * one of its own and on sale; none for a product without (400 naming the line's `productVariantId`).
 */
export function variantOf(
  product: { id: number; name: string; hasVariants: boolean },
  variantId: number | null | undefined,
  variants: ReadonlyMap<number, SaleVariant>,
  field: string,
): SaleVariant | null {
  if (variantId == null) {
    if (product.hasVariants) throw fieldError(field, `is required: ${product.name} is sold by its variants`);
    return null;
  }
  const variant = variants.get(variantId);
  if (!variant || variant.productId !== product.id) throw fieldError(field, `is not a variant of ${product.name}`);
  if (!variant.status) throw fieldError(field, `is not on sale (${variant.sku})`);
  return variant;
}

/**
 * The sale's discount (before VAT) shared over the priced lines by their nets (`discountNetLines`, the
 * till's preview uses the same), each line's VAT on what is left; more than the goods is refused.
 */
function discountLines(lines: PricedLine[], discount: Cents): PricedLine[] {
  if (discount === 0) return lines;
  const goods = lines.reduce((s, l) => s + l.net, 0);
  if (discount > goods) throw fieldError('discount', `must not be more than the goods' ${fromCents(goods).toFixed(2)}`);
  const shared = discountNetLines(lines, discount);
  return lines.map((l, i) => ({ ...l, share: shared[i]!.share, net: shared[i]!.net, vat: shared[i]!.vat }));
}

/** The buyer: the customer sent, else the walk-in customer, active (the lookup answered both). */
function customerOf(found: SaleLookup): SaleCustomer {
  if (!found.walkIn) throw fieldError('customerId', 'is required (there is no walk-in customer)');
  if (!found.customer) throw fieldError('customerId', 'does not exist');
  return found.customer;
}

/** A sale as the server prices it: lines, tenders settled against the total, the customer, the dates. */
export interface PricedSale {
  /** Reserved from the sequence for a new sale; null when completing a held one. */
  invoiceId: number | null;
  lines: PricedLine[];
  customer: SaleCustomer;
  salesperson: string;
  net: Cents;
  vat: Cents;
  /** The line discounts and the sale's discount. */
  discount: Cents;
  saleDiscount: Cents;
  date: string;
  tenders: Tender[];
  /** The shop lets the till sell below zero (allowNegativeStock). */
  allowNegative: boolean;
  /** The open till session it is sold in, share-locked (null outside the till's day). */
  session: DocumentSession | null;
  /** The shop's alert threshold for a large discount, a percent (0: none). */
  discountAlertPercent: number;
}

/** Reads what the sale needs in one statement, then prices it; refusals in the order: lines, tenders, customer. */
export async function priceSale(
  tx: DbOrTx,
  input: SaleInvoiceInput,
  userId: number,
  clock: Clock,
  reserveId: boolean,
): Promise<PricedSale> {
  const found = await lookUpSale(tx, {
    productIds: input.saleInvoiceProduct.map((l) => l.productId),
    variantIds: input.saleInvoiceProduct.flatMap((l) => (l.productVariantId == null ? [] : [l.productVariantId])),
    methodIds: input.paidAmount.map((p) => p.paymentType),
    customerId: input.customerId,
    userId,
    reserveId,
    sessionId: input.tillSessionId,
    queued: input.soldAt != null,
  });
  const today = dayIn(clock.now(), found.timeZone ?? serverTimeZone());
  const lines = discountLines(priceLines(found.products, found.variants, input, today), toCents(input.discount ?? 0));
  const tenders = tendersFrom(found.methods, input.paidAmount);
  const session = input.tillSessionId ? openSessionOf(found.session, input.tillSessionId, 'tillSessionId', input.soldAt) : null;
  if (session) refuseUntaken(session, tenders);
  const customer = customerOf(found);
  let net = 0;
  let vat = 0;
  let discount = 0;
  let saleDiscount = 0;
  for (const l of lines) {
    net += l.net;
    vat += l.vat;
    discount += l.discount + l.share;
    saleDiscount += l.share;
  }
  return {
    invoiceId: found.invoiceId,
    lines,
    tenders,
    customer,
    salesperson: found.salesperson ?? '',
    allowNegative: found.allowNegative,
    discountAlertPercent: found.discountAlertPercent,
    session,
    net,
    vat,
    discount,
    saleDiscount,
    date: input.date ?? today,
  };
}
