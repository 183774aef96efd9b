import { couponTypes, discountTypes, orderStatuses, returnStatuses, returnTypes, verificationStates } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { colors } from './catalogue.ts';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';
import { customer, users } from './identity.ts';
import { product } from './product.ts';
import { courierMedium, deliveryFee, paymentMethod } from './settings.ts';
import { productVariant } from './variant.ts';

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
    /** The variant moved, when the product has variants. */
    productVariantId: integer().references(() => productVariant.id),
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
    /** Paid, due, returned and profit are kept from the order's ledger (`keepInvoiceFigures(tx, 'order', id)`). */
    paidAmount: moneyColumn().notNull().default(0),
    dueAmount: moneyColumn().notNull(),
    /** What its returns took off the order once their goods came back (the coupon's share a resend kept included). */
    returnAmount: moneyColumn().notNull().default(0),
    /** Σ line cost at the average cost when the stock left. */
    cost: moneyColumn().notNull(),
    /** Goods net of VAT, discount and coupon, less the cost (no VAT, no delivery fee). */
    profit: moneyColumn().notNull(),
    deliveryAddress: text(),
    customerPhone: text(),
    note: text(),
    courierMediumId: integer().references(() => courierMedium.id),
    /** The courier's tracking number, given when the order is marked SHIPPED; shown to the shopper. */
    trackingNumber: text(),
    /** A replacement order made for a return (`POST cart-order/reOrder`), and the order it replaces. */
    isReOrdered: boolean().notNull().default(false),
    previousCartOrderId: integer(),
  },
  (t) => [
    inSet('cart_order_status', t.orderStatus, orderStatuses),
    index().on(t.customerId, t.id),
    index().on(t.orderStatus, t.id),
    index().on(t.date),
    index().on(t.courierMediumId),
    index().on(t.couponId),
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
    /** The variant moved, when the product has variants. */
    productVariantId: integer().references(() => productVariant.id),
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
    /** The line's VAT: on what the shopper pays for it (after its coupon share) when couponShare is set. */
    vatAmount: moneyColumn().notNull(),
    unitCost: moneyColumn().notNull(),
    /**
     * The line's share of the order's coupon (shareDiscount); its VAT and sales are net of it. Null on
     * orders placed before coupons came off the lines: their VAT is before the coupon, which was posted
     * as a discount given.
     */
    couponShare: moneyColumn(),
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

/**
 * A shopper's return of lines of one DELIVERED order (reference 3.18, defects fixed). Amounts are the
 * order lines' snapshots for the quantities returned, with the coupon's share; `cost` is what the
 * goods left at. `returnCartOrderStatus` moves only through returnLifecycle; `status` is the spec's flag.
 */
export const returnCartOrder = pgTable(
  'return_cart_order',
  {
    ...recordColumns,
    date: date().notNull(),
    cartOrderId: integer()
      .notNull()
      .references(() => cartOrder.id),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    returnType: closedText(returnTypes).notNull(),
    returnCartOrderStatus: closedText(returnStatuses).notNull().default('PENDING'),
    /** Σ line totals − the coupon's share (what goes back to the shopper). */
    totalAmount: moneyColumn().notNull(),
    totalVatAmount: moneyColumn().notNull(),
    totalDiscountAmount: moneyColumn().notNull(),
    couponAmount: moneyColumn().notNull().default(0),
    /** Σ quantity × the unit cost the goods left at. */
    cost: moneyColumn().notNull(),
    note: text(),
    /** The replacement order made for a PRODUCT return. */
    resendCartOrderId: integer().references(() => cartOrder.id),
  },
  (t) => [
    inSet('return_cart_order_type', t.returnType, returnTypes),
    inSet('return_cart_order_status', t.returnCartOrderStatus, returnStatuses),
    index().on(t.cartOrderId),
    index().on(t.customerId, t.id),
    index().on(t.returnCartOrderStatus, t.id),
    index().on(t.date),
  ],
);

/** One returned line: the order line it comes from, the quantity, and that line's snapshot. */
export const returnCartOrderProduct = pgTable(
  'return_cart_order_product',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    returnCartOrderId: integer()
      .notNull()
      .references(() => returnCartOrder.id, { onDelete: 'cascade' }),
    cartOrderProductId: integer()
      .notNull()
      .references(() => cartOrderProduct.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
    /** The variant moved, when the product has variants. */
    productVariantId: integer().references(() => productVariant.id),
    colorId: integer().references(() => colors.id),
    attributeValueIds: integer().array().notNull().default(sql`'{}'`),
    productQuantity: integer().notNull(),
    productSalePrice: moneyColumn().notNull(),
    productVat: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    discountType: closedText(discountTypes),
    /** The catalogue discount of the quantity returned (a flat discount prorated, not all of it). */
    discount: moneyColumn().notNull(),
    unitPrice: moneyColumn().notNull(),
    lineTotal: moneyColumn().notNull(),
    vatAmount: moneyColumn().notNull(),
    unitCost: moneyColumn().notNull(),
    /** The order line's coupon share for the quantity returned; null when the order line has none (placed before). */
    couponShare: moneyColumn(),
  },
  (t) => [
    check('return_cart_order_line_quantity_positive', sql`${t.productQuantity} > 0`),
    inSet('return_cart_order_line_discount_type', t.discountType, discountTypes),
    index().on(t.returnCartOrderId),
    index().on(t.cartOrderProductId),
    index().on(t.productId),
  ],
);

/** A product on a shopper's wishlist (one list per shopper: its rows). */
export const productWishlist = pgTable(
  'product_wishlist',
  {
    ...recordColumns,
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
  },
  (t) => [uniqueIndex('product_wishlist_line').on(t.customerId, t.productId), index().on(t.productId)],
);

/**
 * A shopper's review of a product: one per shopper and product, a whole rating 1–5, marked a
 * verified purchase when the shopper received the product. `status` false hides it (and takes it out of the average).
 */
export const reviewRating = pgTable(
  'review_rating',
  {
    ...recordColumns,
    productId: integer()
      .notNull()
      .references(() => product.id),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    rating: integer().notNull(),
    review: text(),
    verifiedPurchase: boolean().notNull().default(false),
  },
  (t) => [
    check('review_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('review_rating_one_per_customer').on(t.productId, t.customerId),
    index().on(t.productId, t.status, t.id),
    index().on(t.customerId),
  ],
);

/** The photos of a review (up to three), in order. */
export const reviewImage = pgTable(
  'review_image',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer()
      .notNull()
      .references(() => reviewRating.id, { onDelete: 'cascade' }),
    imageName: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.reviewId)],
);

/** A staff reply shown under a review. */
export const reviewReply = pgTable(
  'review_reply',
  {
    ...recordColumns,
    reviewId: integer()
      .notNull()
      .references(() => reviewRating.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id),
    comment: text().notNull(),
  },
  (t) => [index().on(t.reviewId)],
);
