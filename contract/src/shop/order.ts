import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { discountTypes } from '../catalogue.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { id, money, optionalId, optionalLines, optionalText } from '../fields.ts';
import { billToOut, invoiceBillOut } from '../invoice-bill.ts';
import { idListFilter } from '../list-query.ts';
import { statusText } from '../status.ts';
import { orderStatuses, verificationStates } from './order-lifecycle.ts';
import { returnStatuses, returnTypes } from './return-lifecycle.ts';

/**
 * POST cart-order (and POST e-commerce/orders/create-order): the caller's cart becomes an order. Prices
 * come from the server (`unitPrice`), never from the client. A manual payment (any method that is not
 * cash on delivery) needs the shopper's account and transaction id. Sent with an `Idempotency-Key`
 * header, a repeat answers the first order.
 */
export const checkoutInput = z
  .object({
    /** The caller's own (optional: the caller's cart is the one used). */
    customerId: optionalId,
    cartId: optionalId,
    deliveryFeeId: id,
    couponCode: optionalText(40),
    /** Default: the shopper's address. */
    deliveryAddress: optionalLines(500),
    /** Default: the shopper's phone. */
    customerPhone: optionalText(40),
    /** The shopper's name, asked at the first checkout of an account that has none: kept on the account. */
    firstName: optionalText(60),
    lastName: optionalText(60),
    note: optionalLines(1000),
    paymentMethodId: id,
    CustomerAccount: optionalText(80),
    CustomerTransactionId: optionalText(80),
  })
  .strip();
export type CheckoutInput = z.input<typeof checkoutInput>;

/** The checkout's and the order desk's fields as their screens name them. */
export const orderLabels = {
  deliveryFeeId: 'Delivery area',
  paymentMethodId: 'Payment method',
  couponCode: 'Coupon',
  CustomerAccount: 'Your account',
  CustomerTransactionId: 'Transaction id',
  customerPhone: 'Phone',
  firstName: 'First name',
  lastName: 'Last name',
  courierMediumId: 'Courier',
  deliveryFee: 'Delivery fee',
  trackingNumber: 'Tracking number',
  invoiceId: 'Order',
  orderStatus: 'Status',
  cartOrderId: 'Order',
};

/**
 * PATCH cart-order/order: the order's next status; RECEIVED names the courier and may re-base the delivery
 * fee; SHIPPED may carry the courier's tracking number (kept on the order, shown to the shopper).
 */
export const orderStatusInput = z.object({
  invoiceId: id,
  orderStatus: z.enum(orderStatuses, { error: `must be one of ${orderStatuses.join(', ')}` }),
  courierMediumId: optionalId,
  deliveryFee: z.preprocess((v) => (v === '' ? null : v), money.nullish()),
  trackingNumber: optionalText(60),
});

export const orderLineOut = z.object({
  id: out.id,
  invoiceId: out.id,
  productId: out.id,
  productQuantity: out.int,
  /** The unit's sale price before VAT and discount, when ordered. */
  productSalePrice: out.money,
  /** VAT percent. */
  productVat: out.money,
  discountType: z.enum(discountTypes).nullable(),
  /** What the catalogue discount took off one unit, before VAT. */
  discount: out.money,
  /** What one unit cost the shopper, with VAT (`unitPrice`). */
  unitPrice: out.money,
  /** unitPrice × quantity. */
  lineTotal: out.money,
  /** The VAT in what the shopper pays for the line (after its coupon share; before the coupon on orders placed before shares). */
  vatAmount: out.money,
  /** The line's share of the order's coupon (shareDiscount); null on orders placed before coupons were shared over lines. */
  couponShare: out.money.nullable(),
  colorId: out.optionalId,
  colors: z.object({ id: out.id, name: out.text }).nullable(),
  cartOrderAttributeValue: z.array(z.object({ productAttributeValueId: out.id, name: out.text })),
  product: z.object({ id: out.id, name: out.text, productThumbnailImage: out.optionalText }),
});

export const orderHistoryOut = z.object({ orderStatus: z.enum(orderStatuses), createdAt: out.timestamp });

export const orderOut = z.object({
  ...recordOut,
  date: out.date,
  orderStatus: z.enum(orderStatuses),
  customerId: out.id,
  customer: z.object({ id: out.id, username: out.text, email: out.optionalText, phone: out.optionalText }),
  /** Σ line totals: the goods with VAT after catalogue discounts. */
  productAmount: out.money,
  totalVatAmount: out.money,
  totalDiscountAmount: out.money,
  couponId: out.optionalId,
  couponCode: out.optionalText,
  couponAmount: out.money,
  deliveryFeeId: out.optionalId,
  deliveryArea: out.optionalText,
  deliveryFee: out.money,
  /** What the shopper pays: goods − coupon + delivery fee. */
  totalAmount: out.money,
  paidAmount: out.money,
  dueAmount: out.money,
  /** What the order's returns took off it once their goods came back (with the coupon's share a resend kept), from its ledger. */
  returnAmount: out.money,
  isPaid: out.status,
  /** Goods net of VAT, catalogue discount and coupon, less their cost. Sent only to a role holding `costPermission`. */
  profit: out.money.optional(),
  paymentMethodId: out.id,
  paymentMethod: out.text,
  /** 'true' for cash on delivery. */
  isCod: out.status,
  deliveryAddress: out.optionalText,
  customerPhone: out.optionalText,
  note: out.optionalText,
  courierMediumId: out.optionalId,
  courierMedium: out.optionalText,
  /** The courier's tracking number, given when the order was shipped. */
  trackingNumber: out.optionalText,
  /** The manual payment's verification: Pending, Accept or Reject. */
  isVerified: z.enum(verificationStates),
  /** 'true' for the replacement of a return (`cart-order/reOrder`); `previousCartOrderId` is the order it replaces. */
  isReOrdered: out.status,
  previousCartOrderId: out.optionalId,
});
export type CartOrder = z.infer<typeof orderOut>;

export const orderTransactionOut = z.object({
  id: out.id,
  date: out.date,
  debit: out.text,
  credit: out.text,
  amount: out.money,
  particulars: out.text,
  type: out.text,
});

/** A return of the order as its page shows it: status, type and the lines with their quantities. */
export const orderReturnSummaryOut = z.object({
  id: out.id,
  date: out.date,
  returnCartOrderStatus: z.enum(returnStatuses),
  returnType: z.enum(returnTypes),
  totalAmount: out.money,
  /** The replacement order made for it (a PRODUCT return, once RESENDED). */
  resendCartOrderId: out.optionalId,
  returnCartOrderProduct: z.array(z.object({ cartOrderProductId: out.id, productQuantity: out.int })),
});

export const orderDetailOut = z.object({
  status: z.enum(['PAID', 'UNPAID']),
  totalAmount: out.money,
  totalPaidAmount: out.money,
  dueAmount: out.money,
  totalVatAmount: out.money,
  totalDiscountAmount: out.money,
  totalCouponAmount: out.money,
  deliveryFee: out.money,
  /** The invoice's figures, which add up: goods − discount − coupon + delivery fee = total. */
  bill: invoiceBillOut,
  /** The shopper the invoice names, and where the order goes. */
  billTo: billToOut,
  singleCartOrder: orderOut.extend({
    cartOrderProduct: z.array(
      orderLineOut.extend({
        /** Units of the line in returns not REJECTED. */
        returnedQuantity: out.int,
        /** Units the shopper may still return (0 unless the order is DELIVERED). */
        returnableQuantity: out.int,
      }),
    ),
    history: z.array(orderHistoryOut),
    /** The order's returns, newest first. */
    returnCartOrder: z.array(orderReturnSummaryOut),
  }),
  /** The order's ledger entries (staff only: a shopper gets none). */
  transactions: z.array(orderTransactionOut),
  /** The next statuses staff may move it to (the transition table). */
  nextStatuses: z.array(z.enum(orderStatuses)),
});
export type CartOrderDetail = z.infer<typeof orderDetailOut>;

const orderAggregations = z.object({
  _count: z.object({ id: out.int }),
  _sum: z.object({
    totalAmount: out.money,
    paidAmount: out.money,
    dueAmount: out.money,
    coupon: out.money,
    vat: out.money,
    discount: out.money,
    deliveryFee: out.money,
    profit: out.money.optional(),
  }),
  /** Orders per status over the filters (without the status filter). */
  byStatus: z.record(z.string(), out.int),
});

export const orderListOut = z.object({
  getAllCartOrder: z.array(orderOut),
  totalCartOrder: out.int,
  aggregations: orderAggregations,
});

const orderFilters = {
  orderStatus: z.enum(orderStatuses, { error: `must be one of ${orderStatuses.join(', ')}` }).optional(),
  customerId: idListFilter.optional(),
  courierMediumId: idListFilter.optional(),
};

const createdOrderOut = z.object({
  createdCartOrder: orderOut.extend({ cartOrderProduct: z.array(orderLineOut) }),
  message: out.text,
});

/** What the checkout would charge for the caller's cart now: the delivery area and coupon chosen so far (both optional). */
export const orderQuoteInput = z.object({ deliveryFeeId: optionalId, couponCode: optionalText(40) }).strip();

/** The checkout's figures, worked out by the code that places the order; the page shows them and adds nothing. */
export const orderQuoteOut = z.object({
  /** The goods with VAT after catalogue discounts. */
  productAmount: out.money,
  couponCode: out.optionalText,
  couponAmount: out.money,
  /** 0 until a delivery area is chosen. */
  deliveryFee: out.money,
  /** The VAT in what the shopper pays (after the coupon). */
  totalVatAmount: out.money,
  /** productAmount − couponAmount + deliveryFee. */
  totalAmount: out.money,
});

/** Web orders (reference 3.16–3.17). A shopper's token reaches only the shopper's own orders. */
export const orderEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'cart-order',
    access: 'customer',
    body: checkoutInput,
    labels: orderLabels,
    answer: createdOrderOut,
    status: 201,
  }),
  /** The spec's other name for the same checkout. */
  createOrder: endpoint({
    method: 'POST',
    path: 'e-commerce/orders/create-order',
    access: 'customer',
    body: checkoutInput,
    labels: orderLabels,
    answer: createdOrderOut,
    status: 201,
  }),
  /** The checkout's total for the caller's cart, before placing it: refusals as the checkout's (a 400 naming the field). */
  quote: endpoint({
    method: 'POST',
    path: 'cart-order/quote',
    access: 'customer',
    body: orderQuoteInput,
    labels: orderLabels,
    answer: orderQuoteOut,
  }),
  list: endpoint({
    method: 'GET',
    path: 'cart-order',
    access: 'readAll-cartOrder',
    customers: 'own',
    query: listQuery({ sortable: ['date', 'id', 'totalAmount'], filters: orderFilters }),
    answer: orderListOut,
  }),
  get: endpoint({ method: 'GET', path: 'cart-order/:id', access: 'readSingle-cartOrder', customers: 'own', answer: orderDetailOut }),
  setStatus: endpoint({
    method: 'PATCH',
    path: 'cart-order/order',
    access: 'update-cartOrder',
    body: orderStatusInput,
    labels: orderLabels,
    answer: z.object({ message: out.text, id: out.id, orderStatus: z.enum(orderStatuses) }),
  }),
};

/** The manual payment of an order: how the shopper paid (reference 3.16 step 7), verified by staff. */
export const manualPaymentOut = z.object({
  ...recordOut,
  cartOrderId: out.id,
  customerId: out.id,
  customer: z.object({ id: out.id, username: out.text }),
  paymentMethodId: out.id,
  paymentMethod: out.text,
  isCod: out.status,
  amount: out.money,
  manualTransactionId: out.text,
  CustomerAccount: out.optionalText,
  CustomerTransactionId: out.optionalText,
  isVerified: z.enum(verificationStates),
  orderStatus: z.enum(orderStatuses),
});

export const manualPaymentInput = z.object({
  cartOrderId: id,
  paymentMethodId: id,
  CustomerAccount: optionalText(80),
  CustomerTransactionId: optionalText(80),
});

export const manualPaymentEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'manual-payment',
    access: 'readAll-manualPayment',
    query: listQuery({
      sortable: ['createdAt', 'id', 'amount'],
      filters: {
        paymentMethodId: idListFilter.optional(),
        /** One order's payment records (the order page links to them). */
        cartOrderId: idListFilter.optional(),
        isVerified: z.enum(verificationStates, { error: 'must be Pending, Accept or Reject' }).optional(),
      },
    }),
    answer: z.object({
      getAllManualPayment: z.array(manualPaymentOut),
      totalManualPayment: out.int,
      aggregations: z.object({ _sum: z.object({ amount: out.money }) }),
    }),
  }),
  get: endpoint({
    method: 'GET',
    path: 'manual-payment/:id',
    access: 'readSingle-manualPayment',
    customers: 'own',
    answer: manualPaymentOut,
  }),
  /** A shopper's payment record for an order not paid on delivery (it replaces a rejected one). */
  create: endpoint({
    method: 'POST',
    path: 'manual-payment',
    access: 'customer',
    body: manualPaymentInput,
    answer: manualPaymentOut,
    status: 201,
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: 'manual-payment/:id',
    access: 'update-manualPayment',
    body: z.object({ status: statusText }),
    answer: manualPaymentOut,
  }),
  verify: endpoint({
    method: 'PUT',
    path: 'manual-payment/verify/:id',
    access: 'update-manualPayment',
    body: z.object({ isVerified: z.enum(['Accept', 'Reject'], { error: "must be 'Accept' or 'Reject'" }) }),
    answer: manualPaymentOut.extend({ message: out.text }),
  }),
};
