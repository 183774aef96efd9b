import { customerName, invoiceBill, type OrderStatus, orderStatuses, type VerificationState } from '@tillbook/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, type ListQuery, orderBy, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import {
  cartOrder,
  cartOrderProduct,
  colors,
  coupon,
  courierMedium,
  customer,
  manualPayment,
  orderStatusHistory,
  paymentMethod,
  product,
} from '../../schema/index.ts';
import { imageUrls } from '../catalogue/index.ts';
import { nextOrderStatuses } from './order-doc.ts';
import { returnedByLine, returnsOfOrder } from './return-summary.ts';
import { shopperSearch } from './shopper-search.ts';

const o = cartOrder;
const moneySum = (column: SQL | PgColumn) => sql<number>`coalesce(sum(${column}), 0)::numeric(14,2)::text`.mapWith(Number);

/** The verification of an order's newest payment record. */
const verification = sql<VerificationState>`coalesce((select mp.is_verified from manual_payment mp where mp.cart_order_id = ${o.id}
  order by mp.id desc limit 1), 'Pending')`;

/** Order headers with the shopper, the payment method, the courier and the coupon's code. */
function headers(db: DbOrTx) {
  return db
    .select({
      id: o.id,
      status: o.status,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
      date: o.date,
      orderStatus: o.orderStatus,
      customerId: o.customerId,
      customer: {
        id: customer.id,
        username: sql<string>`coalesce(${customer.username}, ${customer.email}, '')`,
        email: customer.email,
        phone: customer.phone,
      },
      productAmount: o.productAmount,
      totalVatAmount: o.totalVatAmount,
      totalDiscountAmount: o.totalDiscountAmount,
      couponId: o.couponId,
      couponCode: coupon.couponCode,
      couponAmount: o.couponAmount,
      deliveryFeeId: o.deliveryFeeId,
      deliveryArea: o.deliveryArea,
      deliveryFee: o.deliveryFee,
      totalAmount: o.totalAmount,
      paidAmount: o.paidAmount,
      dueAmount: o.dueAmount,
      returnAmount: o.returnAmount,
      isPaid: sql<boolean>`${o.dueAmount} <= 0`,
      profit: o.profit,
      paymentMethodId: o.paymentMethodId,
      paymentMethod: paymentMethod.methodName,
      isCod: o.isCod,
      deliveryAddress: o.deliveryAddress,
      customerPhone: o.customerPhone,
      note: o.note,
      isReOrdered: o.isReOrdered,
      previousCartOrderId: o.previousCartOrderId,
      courierMediumId: o.courierMediumId,
      courierMedium: courierMedium.courierMediumName,
      trackingNumber: o.trackingNumber,
      isVerified: verification,
    })
    .from(o)
    .innerJoin(customer, eq(customer.id, o.customerId))
    .innerJoin(paymentMethod, eq(paymentMethod.id, o.paymentMethodId))
    .leftJoin(coupon, eq(coupon.id, o.couponId))
    .leftJoin(courierMedium, eq(courierMedium.id, o.courierMediumId))
    .$dynamic();
}

export type OrderFilters = { orderStatus?: OrderStatus; customerId?: number[]; courierMediumId?: number[] };

/** The list's conditions: the convention (status flag, search by order id or shopper, dates) and the filters; a shopper's own only. */
function listWhere(q: ListQuery<OrderFilters>, ownerId: number | undefined, withStatus: boolean): SQL | undefined {
  const search = shopperSearch(q.key, (n) => eq(o.id, n));
  return whereAll([
    ...conventionWhere({ ...q, key: undefined }, { status: o.status, date: o.date }),
    search,
    ownerId === undefined ? undefined : eq(o.customerId, ownerId),
    withStatus && q.filters.orderStatus ? eq(o.orderStatus, q.filters.orderStatus) : undefined,
    q.filters.customerId ? inArray(o.customerId, q.filters.customerId) : undefined,
    q.filters.courierMediumId ? inArray(o.courierMediumId, q.filters.courierMediumId) : undefined,
  ]);
}

/** GET cart-order?filters → {getAllCartOrder, totalCartOrder, aggregations}; `ownerId`: a shopper's own orders only. */
export async function listOrders(db: DbOrTx, q: ListQuery<OrderFilters>, ownerId?: number) {
  const where = listWhere(q, ownerId, true);
  const rows = await paged(
    headers(db)
      .where(where)
      .orderBy(...orderBy(q, o, o.id)),
    q,
  );
  const [sums] = await db
    .select({
      count: count(),
      totalAmount: moneySum(o.totalAmount),
      paidAmount: moneySum(o.paidAmount),
      dueAmount: moneySum(o.dueAmount),
      coupon: moneySum(o.couponAmount),
      vat: moneySum(o.totalVatAmount),
      discount: moneySum(o.totalDiscountAmount),
      deliveryFee: moneySum(o.deliveryFee),
      profit: moneySum(o.profit),
    })
    .from(o)
    .innerJoin(customer, eq(customer.id, o.customerId))
    .where(where);
  const perStatus = await db
    .select({ orderStatus: o.orderStatus, n: count() })
    .from(o)
    .innerJoin(customer, eq(customer.id, o.customerId))
    .where(listWhere(q, ownerId, false))
    .groupBy(o.orderStatus);
  const byStatus = Object.fromEntries(orderStatuses.map((s) => [s, perStatus.find((p) => p.orderStatus === s)?.n ?? 0]));
  const { count: total, ...sum } = sums!;
  return { getAllCartOrder: rows, totalCartOrder: total, aggregations: { _count: { id: total }, _sum: sum, byStatus } };
}

/** The lines of an order with their product, colour and attribute values. */
export async function linesOf(db: DbOrTx, orderId: number) {
  const l = cartOrderProduct;
  const rows = await db
    .select({
      id: l.id,
      invoiceId: l.invoiceId,
      productId: l.productId,
      productQuantity: l.productQuantity,
      productSalePrice: l.productSalePrice,
      productVat: l.productVat,
      discountType: l.discountType,
      discount: l.discount,
      unitPrice: l.unitPrice,
      lineTotal: l.lineTotal,
      vatAmount: l.vatAmount,
      couponShare: l.couponShare,
      unitCost: l.unitCost,
      colorId: l.colorId,
      colorName: colors.name,
      cartOrderAttributeValue: sql<{ productAttributeValueId: number; name: string }[]>`coalesce((select json_agg(json_build_object(
        'productAttributeValueId', av.id, 'name', av.name) order by av.id) from product_attribute_value av
        where av.id = any(${l.attributeValueIds})), '[]'::json)`,
      product: { id: product.id, name: product.name, productThumbnailImage: product.productThumbnailImage },
    })
    .from(l)
    .innerJoin(product, eq(product.id, l.productId))
    .leftJoin(colors, eq(colors.id, l.colorId))
    .where(eq(l.invoiceId, orderId))
    .orderBy(asc(l.id));
  return rows.map(({ colorName, ...r }) => ({
    ...r,
    product: { ...r.product, productThumbnailImage: imageUrls(r.product.productThumbnailImage).thumbnailUrl },
    colors: r.colorId && colorName ? { id: r.colorId, name: colorName } : null,
  }));
}

/** The order header alone (a shopper's own only, when `ownerId` is given). */
export async function orderHeader(db: DbOrTx, orderId: number, ownerId?: number) {
  const [row] = await headers(db).where(and(eq(o.id, orderId), ownerId === undefined ? undefined : eq(o.customerId, ownerId)));
  return row;
}

/** GET cart-order/{id}: the order, its lines, its status history, its ledger entries (staff), and the next statuses it may take. */
export async function readOrder(db: DbOrTx, orderId: number, ownerId?: number) {
  // the header, the lines, the history (and the books) side by side; the lines of an order not found are not sent
  const [header, lines, history, transactions, returns, [named]] = await Promise.all([
    orderHeader(db, orderId, ownerId),
    linesOf(db, orderId),
    db
      .select({ orderStatus: orderStatusHistory.orderStatus, createdAt: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.cartOrderId, orderId))
      .orderBy(asc(orderStatusHistory.id)),
    ownerId === undefined ? orderEntries(db, orderId) : Promise.resolve([]),
    returnsOfOrder(db, orderId),
    // the shopper's first and last name, for the invoice's billTo
    db
      .select({ firstName: customer.firstName, lastName: customer.lastName })
      .from(o)
      .innerJoin(customer, eq(customer.id, o.customerId))
      .where(eq(o.id, orderId)),
  ]);
  if (!header) return undefined;
  const delivered = header.orderStatus === 'DELIVERED';
  const returned = returnedByLine(returns);
  const withReturns = lines.map((line) => {
    const returnedQuantity = returned.get(line.id) ?? 0;
    return { ...line, returnedQuantity, returnableQuantity: delivered ? Math.max(0, line.productQuantity - returnedQuantity) : 0 };
  });
  return {
    status: header.dueAmount <= 0 ? ('PAID' as const) : ('UNPAID' as const),
    totalAmount: header.totalAmount,
    totalPaidAmount: header.paidAmount,
    dueAmount: header.dueAmount,
    totalVatAmount: header.totalVatAmount,
    totalDiscountAmount: header.totalDiscountAmount,
    totalCouponAmount: header.couponAmount,
    deliveryFee: header.deliveryFee,
    bill: invoiceBill({
      lines: lines.map((l) => ({ quantity: l.productQuantity, unitNet: l.productSalePrice, vatPercent: l.productVat })),
      vatRoundedPer: 'unit',
      total: header.totalAmount,
      vat: header.totalVatAmount,
      coupon: header.couponAmount,
      deliveryFee: header.deliveryFee,
    }),
    billTo: {
      name: customerName({ username: header.customer.username, firstName: named?.firstName, lastName: named?.lastName }),
      address: header.deliveryAddress,
    },
    singleCartOrder: { ...header, cartOrderProduct: withReturns, history, returnCartOrder: returns },
    transactions,
    nextStatuses: nextOrderStatuses(header.orderStatus),
  };
}

/** The order's ledger entries, oldest first. */
async function orderEntries(db: DbOrTx, orderId: number) {
  const rows = await db.execute(sql`select t.id, t.date::text as date, d.name as debit, c.name as credit, t.amount::float8 as amount,
      t.particulars, t.type from "transaction" t join sub_account d on d.id = t.debit_id join sub_account c on c.id = t.credit_id
      where t.type in ('order', 'orderReturn') and t.related_id = ${String(orderId)} order by t.id`);
  return (
    rows as unknown as {
      rows: { id: number; date: string; debit: string; credit: string; amount: number; particulars: string; type: string }[];
    }
  ).rows;
}

/** Manual payments: the newest first by default; a shopper's own only when `ownerId` is given. */
export function manualPaymentRows(db: DbOrTx) {
  const m = manualPayment;
  return db
    .select({
      id: m.id,
      status: m.status,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
      cartOrderId: m.cartOrderId,
      customerId: m.customerId,
      customer: { id: customer.id, username: sql<string>`coalesce(${customer.username}, ${customer.email}, '')` },
      paymentMethodId: m.paymentMethodId,
      paymentMethod: paymentMethod.methodName,
      isCod: sql<boolean>`${paymentMethod.isCod} = 'true'`,
      amount: m.amount,
      manualTransactionId: m.manualTransactionId,
      CustomerAccount: m.customerAccount,
      CustomerTransactionId: m.customerTransactionId,
      isVerified: m.isVerified,
      orderStatus: o.orderStatus,
    })
    .from(m)
    .innerJoin(customer, eq(customer.id, m.customerId))
    .innerJoin(paymentMethod, eq(paymentMethod.id, m.paymentMethodId))
    .innerJoin(o, eq(o.id, m.cartOrderId))
    .$dynamic();
}

export { desc };
