import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { discountTypes } from '../catalogue.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { id, numberField, optionalLines } from '../fields.ts';
import { idListFilter } from '../list-query.ts';
import { orderLineOut, orderOut, orderTransactionOut } from './order.ts';
import { returnStatuses, returnTypes } from './return-lifecycle.ts';

const wholeQuantity = numberField(
  (n) => n.int('must be a whole number').positive('must be above 0').max(1_000_000, 'must be at most 1000000'),
  'must be a whole number',
);

const returnTypeField = z.enum(returnTypes, { error: "must be 'PRODUCT' or 'REFUND'" });
const returnStatusField = z.enum(returnStatuses, { error: `must be one of ${returnStatuses.join(', ')}` });

/** One line to send back: the order's line and how many of it. */
export const returnOrderLineInput = z.object({ cartOrderProductId: id, productQuantity: wholeQuantity });

/**
 * The reference's one-line body (`{cartOrderId, cartOrderProductId, productQuantity, returnType, note}`)
 * becomes the list form before validation, so both are accepted.
 */
const oneLineToList = (raw: unknown) => {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const body = raw as Record<string, unknown>;
  if (body.returnCartOrderProduct !== undefined || body.cartOrderProductId === undefined) return body;
  const { cartOrderProductId, productQuantity, ...rest } = body;
  return { ...rest, returnCartOrderProduct: [{ cartOrderProductId, productQuantity }] };
};

/**
 * POST return-cart-order (reference 3.18): a shopper sends back lines of a DELIVERED order of their own.
 * The shopper is the token's (a `customerId` in the body is ignored). `note` is the reason. Sent with an
 * `Idempotency-Key` header, a repeat answers the first return.
 */
export const returnOrderInput = z.preprocess(
  oneLineToList,
  z
    .object({
      cartOrderId: id,
      returnType: returnTypeField,
      note: optionalLines(1000),
      returnCartOrderProduct: z
        .array(returnOrderLineInput, { error: 'must be a list of lines' })
        .min(1, 'must have at least one line')
        .max(200, 'must have at most 200 lines'),
    })
    .strip()
    .superRefine((body, ctx) => {
      const seen = new Set<number>();
      body.returnCartOrderProduct.forEach((line, index) => {
        if (seen.has(line.cartOrderProductId))
          ctx.addIssue({ code: 'custom', path: ['returnCartOrderProduct', index, 'cartOrderProductId'], message: 'is listed twice' });
        seen.add(line.cartOrderProductId);
      });
    }),
);
export type ReturnOrderInput = z.output<typeof returnOrderInput>;

/** PATCH return-cart-order/{id}: the return's next status (returnLifecycle; RESENDED only through reOrder). */
export const returnStatusInput = z.object({ returnCartOrderStatus: returnStatusField });

/** POST cart-order/reOrder: the replacement order of a return in RESEND. */
export const reOrderInput = z.object({ cartOrderId: id, returnCartOrderId: id });

/** The return screens' fields as they name them. */
export const returnOrderLabels = {
  cartOrderId: 'Order',
  cartOrderProductId: 'Item',
  productQuantity: 'Quantity',
  returnType: 'Return type',
  note: 'Reason',
  returnCartOrderProduct: 'Items',
  returnCartOrderStatus: 'Status',
  returnCartOrderId: 'Return',
};

export const returnOrderLineOut = z.object({
  id: out.id,
  returnCartOrderId: out.id,
  cartOrderProductId: out.id,
  productId: out.id,
  productQuantity: out.int,
  /** The order line's unit sale price before VAT and discount. */
  productSalePrice: out.money,
  productVat: out.money,
  discountType: z.enum(discountTypes).nullable(),
  /** The catalogue discount of the quantity returned (its share of a flat discount). */
  discount: out.money,
  /** One unit with VAT after the discount, as ordered. */
  unitPrice: out.money,
  lineTotal: out.money,
  vatAmount: out.money,
  /** The order line's coupon share for the quantity returned; null when the order predates shares. */
  couponShare: out.money.nullable(),
  /** Sent only to a role holding `costPermission`. */
  unitCost: out.money.optional(),
  colorId: out.optionalId,
  colors: z.object({ id: out.id, name: out.text }).nullable(),
  product: z.object({ id: out.id, name: out.text, productThumbnailImage: out.optionalText }),
});

export const returnOrderOut = z.object({
  ...recordOut,
  date: out.date,
  cartOrderId: out.id,
  customerId: out.id,
  customer: z.object({ id: out.id, username: out.text, email: out.optionalText, phone: out.optionalText }),
  returnType: returnTypeField,
  returnCartOrderStatus: returnStatusField,
  /** Σ line totals − the coupon's share: what goes back to the shopper. */
  totalAmount: out.money,
  totalVatAmount: out.money,
  totalDiscountAmount: out.money,
  /** The order coupon's share of the goods returned. */
  couponAmount: out.money,
  /** Σ quantity × the unit cost the goods left at (only with `costPermission`). */
  cost: out.money.optional(),
  /** The shopper's reason. */
  note: out.optionalText,
  /** The replacement order (RESENDED). */
  resendCartOrderId: out.optionalId,
  totalQuantity: out.int,
});
export type ReturnCartOrder = z.infer<typeof returnOrderOut>;

export const returnOrderDetailOut = z.object({
  singleReturnCartOrder: returnOrderOut.extend({
    /** Σ line totals: the goods returned as the shopper paid them (with VAT, after catalogue discounts, before the coupon). */
    productAmount: out.money,
    returnCartOrderProduct: z.array(returnOrderLineOut),
    /** The order the goods came from, with its lines. */
    cartOrder: orderOut.extend({ cartOrderProduct: z.array(orderLineOut) }),
  }),
  /** The statuses staff may move it to next (RESENDED is reached through reOrder, so never listed). */
  nextStatuses: z.array(returnStatusField),
  /** The return's ledger entries, oldest first (staff only: a shopper gets none). */
  transactions: z.array(orderTransactionOut),
});
export type ReturnCartOrderDetail = z.infer<typeof returnOrderDetailOut>;

const returnAggregations = z.object({
  _count: z.object({ id: out.int }),
  _sum: z.object({
    totalAmount: out.money,
    totalVatAmount: out.money,
    totalDiscountAmount: out.money,
    couponAmount: out.money,
    totalQuantity: out.int,
    cost: out.money.optional(),
  }),
  /** Returns per status over the filters (without the status filter): the tabs' counts. */
  byStatus: z.record(z.string(), out.int),
});

export const returnOrderListOut = z.object({
  getAllReturnCartOrder: z.array(returnOrderOut),
  totalReturnCartOrder: out.int,
  aggregations: returnAggregations,
});

const returnFilters = {
  returnCartOrderStatus: returnStatusField.optional(),
  returnType: returnTypeField.optional(),
  cartOrderId: idListFilter.optional(),
  customerId: idListFilter.optional(),
};

/** Returns of web orders (reference 3.18). A shopper's token reaches only the shopper's own returns. */
export const returnOrderEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'return-cart-order',
    access: 'readAll-returnCartOrder',
    customers: 'own',
    query: listQuery({ sortable: ['date', 'id', 'totalAmount'], filters: returnFilters }),
    answer: returnOrderListOut,
  }),
  /** Returns waiting for their replacement: RESEND, type PRODUCT. */
  resend: endpoint({
    method: 'GET',
    path: 'return-cart-order/resend',
    access: 'readAll-returnCartOrder',
    query: listQuery({
      sortable: ['date', 'id', 'totalAmount'],
      filters: { cartOrderId: idListFilter.optional(), customerId: idListFilter.optional() },
    }),
    answer: returnOrderListOut,
  }),
  get: endpoint({
    method: 'GET',
    path: 'return-cart-order/:id',
    access: 'readSingle-returnCartOrder',
    customers: 'own',
    answer: returnOrderDetailOut,
  }),
  create: endpoint({
    method: 'POST',
    path: 'return-cart-order',
    access: 'customer',
    body: returnOrderInput,
    labels: returnOrderLabels,
    answer: returnOrderDetailOut.extend({ message: out.text }),
    status: 201,
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: 'return-cart-order/:id',
    access: 'update-returnCartOrder',
    body: returnStatusInput,
    labels: returnOrderLabels,
    answer: z.object({ message: out.text, id: out.id, returnCartOrderStatus: returnStatusField }),
  }),
  /** The replacement order of a return in RESEND: the returned lines at their snapshot prices, paid by the return. */
  reOrder: endpoint({
    method: 'POST',
    path: 'cart-order/reOrder',
    access: 'update-returnCartOrder',
    body: reOrderInput,
    labels: returnOrderLabels,
    answer: z.object({
      createdCartOrder: orderOut.extend({ cartOrderProduct: z.array(orderLineOut) }),
      returnCartOrderId: out.id,
      message: out.text,
    }),
    status: 201,
  }),
};
