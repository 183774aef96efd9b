import { and, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { type PgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import {
  cartOrder,
  cartOrderProduct,
  returnCartOrder,
  returnCartOrderProduct,
  returnSaleInvoice,
  returnSaleInvoiceProduct,
  saleInvoice,
  saleInvoiceProduct,
} from '../../schema/index.ts';
import { type SalesPeriod, webReturnsBack } from './sale-documents.ts';

const dated = (date: PgColumn, period: SalesPeriod) =>
  and(period.from ? gte(date, period.from) : undefined, period.to ? lte(date, period.to) : undefined);

/**
 * The lines of {@link saleDocuments}' documents, one row per line and signed (a return's lines are
 * negative), as a subquery `lines` with `productId`, `channel`, `quantity`, `value` (the line's net of VAT
 * after every discount: a web order's coupon is shared over its lines in proportion to their amounts),
 * `amount` (the same with VAT) and `cost` (quantity × the unit cost the goods left at). Over every
 * product the values add up to what Sales was credited with less the discount given; the amounts to
 * that and the VAT. Dates as the documents': a sale and an order on their dates, a return on its own.
 */
export function saleLines(db: DbOrTx, period: SalesPeriod) {
  const till = saleInvoiceProduct;
  const sale = saleInvoice;
  const tillBack = returnSaleInvoiceProduct;
  const tillReturn = returnSaleInvoice;
  const web = cartOrderProduct;
  const order = cartOrder;
  const webBack = returnCartOrderProduct;
  const webReturn = returnCartOrder;
  const sold = db
    .select({
      productId: sql<number>`${till.productId}`.as('product_id'),
      productVariantId: sql<number | null>`${till.productVariantId}`.as('product_variant_id'),
      channel: sql<string>`'till'::text`.as('channel'),
      quantity: sql<number>`${till.productQuantity}`.as('quantity'),
      value: sql<string>`${till.productFinalAmount}`.as('value'),
      amount: sql<string>`${till.productFinalAmount} + ${till.taxAmount}`.as('amount'),
      cost: sql<string>`${till.productQuantity} * ${till.unitCost}`.as('cost'),
    })
    .from(till)
    .innerJoin(sale, eq(sale.id, till.invoiceId))
    .where(and(eq(sale.state, 'completed'), dated(sale.date, period)));
  const broughtBack = db
    .select({
      productId: sql<number>`${tillBack.productId}`.as('product_id'),
      productVariantId: sql<number | null>`${tillBack.productVariantId}`.as('product_variant_id'),
      channel: sql<string>`'till'::text`.as('channel'),
      quantity: sql<number>`-${tillBack.productQuantity}`.as('quantity'),
      value: sql<string>`-${tillBack.productFinalAmount}`.as('value'),
      amount: sql<string>`-(${tillBack.productFinalAmount} + ${tillBack.taxAmount})`.as('amount'),
      cost: sql<string>`-(${tillBack.productQuantity} * ${tillBack.unitCost})`.as('cost'),
    })
    .from(tillBack)
    .innerJoin(tillReturn, eq(tillReturn.id, tillBack.invoiceId))
    .innerJoin(sale, eq(sale.id, tillReturn.saleInvoiceId))
    .where(and(eq(sale.state, 'completed'), dated(tillReturn.date, period)));
  // the coupon's share of a line, with VAT: the one the line keeps (shareDiscount, to the cent), else, on an order placed
  // before shares were kept, the order's coupon × the line's part of the goods (unrounded, so the shares add up to it)
  const couponShare = sql`coalesce(${web.couponShare},
    case when ${order.productAmount} > 0 then ${order.couponAmount} * ${web.lineTotal} / ${order.productAmount} else 0 end)`;
  const ordered = db
    .select({
      productId: sql<number>`${web.productId}`.as('product_id'),
      productVariantId: sql<number | null>`${web.productVariantId}`.as('product_variant_id'),
      channel: sql<string>`'web'::text`.as('channel'),
      quantity: sql<number>`${web.productQuantity}`.as('quantity'),
      value: sql<string>`${web.lineTotal} - ${web.vatAmount} - ${couponShare}`.as('value'),
      amount: sql<string>`${web.lineTotal} - ${couponShare}`.as('amount'),
      cost: sql<string>`${web.productQuantity} * ${web.unitCost}`.as('cost'),
    })
    .from(web)
    .innerJoin(order, eq(order.id, web.invoiceId))
    .where(and(ne(order.orderStatus, 'CANCELLED'), dated(order.date, period)));
  // a returned line's coupon share likewise (its lines' totals are the return's total and its coupon share); a resend
  // keeps the coupon on the order (the return's coupon is then 0), so the goods come back whole
  const returnShare = sql`case when ${webReturn.couponAmount} = 0 then 0 else coalesce(${webBack.couponShare},
    case when ${webReturn.totalAmount} + ${webReturn.couponAmount} > 0
    then ${webReturn.couponAmount} * ${webBack.lineTotal} / (${webReturn.totalAmount} + ${webReturn.couponAmount}) else 0 end) end`;
  const sentBack = db
    .select({
      productId: sql<number>`${webBack.productId}`.as('product_id'),
      productVariantId: sql<number | null>`${webBack.productVariantId}`.as('product_variant_id'),
      channel: sql<string>`'web'::text`.as('channel'),
      quantity: sql<number>`-${webBack.productQuantity}`.as('quantity'),
      value: sql<string>`-(${webBack.lineTotal} - ${webBack.vatAmount} - ${returnShare})`.as('value'),
      amount: sql<string>`-(${webBack.lineTotal} - ${returnShare})`.as('amount'),
      cost: sql<string>`-(${webBack.productQuantity} * ${webBack.unitCost})`.as('cost'),
    })
    .from(webBack)
    .innerJoin(webReturn, eq(webReturn.id, webBack.returnCartOrderId))
    .where(and(inArray(webReturn.returnCartOrderStatus, [...webReturnsBack]), dated(webReturn.date, period)));
  return unionAll(sold, broughtBack, ordered, sentBack).as('lines');
}
export type SaleLines = ReturnType<typeof saleLines>;
