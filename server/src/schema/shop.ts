import { couponTypes, discountTypes, orderStatuses, verificationStates } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { colors } from './catalogue.ts';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';
import { customer, users } from './identity.ts';
import { product } from './product.ts';
import { courierMedium, deliveryFee, paymentMethod } from './settings.ts';

/** A coupon code: flat or percentage off the goods, within its business dates and use limits. */
export const coupon = pgTable(
  'coupon',
  {
    ...recordColumns,
    couponCode: text().notNull().unique(),
    type: closedText(couponTypes).notNull().default('percentage'),
    value: moneyColumn().notNull(),
    startDate: date().notNull(),
    endDate: date().notNull(),
    maxUses: integer(),
    maxUsesPerCustomer: integer(),
    minimumOrder: moneyColumn(),
    description: text(),
  },
  (t) => [inSet('coupon_type', t.type, couponTypes), check('coupon_value_positive', sql`${t.value} > 0`)],
);

/** A shopper's cart: one per shopper, its lines priced when read. */
export const cart = pgTable('cart', {
  ...recordColumns,
  customerId: integer()
    .notNull()
    .unique()
    .references(() => customer.id),
});

/**
 * One cart line. A line is one product in one colour with one set of attribute values: `attributeKey`
 * is the sorted ids joined, so the same set in any order is the same line (unique with the colour).
 */
export const cartProduct = pgTable(
  'cart_product',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cartId: integer()
      .notNull()
      .references(() => cart.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => product.id),
    colorId: integer().references(() => colors.id),
    attributeValueIds: integer().array().notNull().default(sql`'{}'`),
    attributeKey: text().notNull().default(''),
    productQuantity: integer().notNull(),
    /** One unit's price with VAT and the catalogue discount when the line was added. */
    addedPrice: moneyColumn().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('cart_product_quantity_positive', sql`${t.productQuantity} > 0`),
    uniqueIndex('cart_product_line').on(t.cartId, t.productId, sql`coalesce(${t.colorId}, 0)`, t.attributeKey),
  ],
);

/**
 * A web order (reference 2.9, 3.16). Amounts are the order as placed (re-based by a new delivery fee at
 * RECEIVED); paid and due are kept by every use case that posts for it, in the same transaction.
 * `orderStatus` moves only through orderLifecycle; `status` is the spec's visibility flag.
 */
export const cartOrder = pgTable(
  'cart_order',
  {
    ...recordColumns,
    date: date().notNull(),
    orderStatus: closedText(orderStatuses).notNull().default('PENDING'),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    paymentMethodId: integer()
      .notNull()
      .references(() => paymentMethod.id),
    isCod: boolean().notNull(),
    /** Σ line totals (with VAT, after catalogue discounts). */
    productAmount: moneyColumn().notNull(),
    totalVatAmount: moneyColumn().notNull(),
    totalDiscountAmount: moneyColumn().notNull(),
    couponId: integer().references(() => coupon.id),
    couponAmount: moneyColumn().notNull().default(0),
    deliveryFeeId: integer().references(() => deliveryFee.id),
    deliveryArea: text(),
    deliveryFee: moneyColumn().notNull().default(0),
    /** goods − coupon + delivery fee. */
    totalAmount: moneyColumn().notNull(),
    paidAmount: moneyColumn().notNull().default(0),
    dueAmount: moneyColumn().notNull(),
    /** Σ line cost at the average cost when the stock left. */
    cost: moneyColumn().notNull(),
    /** Goods net of VAT, discount and coupon, less the cost (no VAT, no delivery fee). */
    profit: moneyColumn().notNull(),
    deliveryAddress: text(),
    customerPhone: text(),
    note: text(),
    courierMediumId: integer().references(() => courierMedium.id),
    /** The checkout's Idempotency-Key: a repeat from the same shopper answers this order. */
    idempotencyKey: text(),
  },
  (t) => [
    inSet('cart_order_status', t.orderStatus, orderStatuses),
    index().on(t.customerId, t.id),
    index().on(t.orderStatus, t.id),
    index().on(t.date),
    index().on(t.courierMediumId),
    index().on(t.couponId),
    uniqueIndex('cart_order_idempotency').on(t.customerId, t.idempotencyKey),
  ],
);

/** One line of a web order: the price, VAT and discount snapshot of checkout, and the cost it left at. */
export const cartOrderProduct = pgTable(
  'cart_order_product',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer()
      .notNull()
      .references(() => cartOrder.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
    colorId: integer().references(() => colors.id),
    attributeValueIds: integer().array().notNull().default(sql`'{}'`),
    productQuantity: integer().notNull(),
    productSalePrice: moneyColumn().notNull(),
    productVat: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    discountType: closedText(discountTypes),
    /** The catalogue discount on one unit, before VAT. */
    discount: moneyColumn().notNull(),
    /** One unit with VAT after the discount. */
    unitPrice: moneyColumn().notNull(),
    lineTotal: moneyColumn().notNull(),
    vatAmount: moneyColumn().notNull(),
    unitCost: moneyColumn().notNull(),
  },
  (t) => [
    check('cart_order_line_quantity_positive', sql`${t.productQuantity} > 0`),
    inSet('cart_order_line_discount_type', t.discountType, discountTypes),
    index().on(t.invoiceId),
    index().on(t.productId),
  ],
);

/** Each status an order reached, when and by whom (null: the shopper's checkout). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cartOrderId: integer()
      .notNull()
      .references(() => cartOrder.id),
    orderStatus: closedText(orderStatuses).notNull(),
    userId: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [inSet('order_status_history_status', t.orderStatus, orderStatuses), index().on(t.cartOrderId)],
);

/** How a shopper paid for an order (reference 3.16 step 7), verified by staff once; cash on delivery is accepted at delivery. */
export const manualPayment = pgTable(
  'manual_payment',
  {
    ...recordColumns,
    cartOrderId: integer()
      .notNull()
      .references(() => cartOrder.id),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    paymentMethodId: integer()
      .notNull()
      .references(() => paymentMethod.id),
    amount: moneyColumn().notNull(),
    manualTransactionId: text().notNull().unique(),
    customerAccount: text(),
    customerTransactionId: text(),
    isVerified: closedText(verificationStates).notNull().default('Pending'),
    verifiedBy: integer().references(() => users.id),
  },
  (t) => [
    inSet('manual_payment_is_verified', t.isVerified, verificationStates),
    index().on(t.cartOrderId),
    index().on(t.customerId),
    index().on(t.createdAt),
  ],
);
