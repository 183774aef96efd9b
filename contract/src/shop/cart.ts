import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { endpoint } from '../endpoint.ts';
import { id, numberField, optionalId } from '../fields.ts';

/** A whole number of units above 0 (a shopper's cart line, an order line). */
export const cartQuantity = numberField(
  (n) => n.int('must be a whole number').positive('must be above 0').max(10_000, 'must be at most 10000'),
  'must be a whole number',
);

/** A cart line as the storefront sends it (core.md section 3). */
export const cartLineInput = z.object({
  productId: id,
  productQuantity: cartQuantity,
  colorId: optionalId,
  productAttributeValueId: z.array(id).max(20, 'must hold at most 20 values').default([]),
  /** The variant, for a product sold by variants (else its colour and attribute values name it). */
  productVariantId: optionalId,
});
export type CartLineInput = z.input<typeof cartLineInput>;

/**
 * POST cart: `{customerId?, cartProduct: [lines]}` (the local cart sent at login) or a single line. The
 * cart is always the caller's own: a customerId, when sent, must be the caller's.
 */
export const cartAddInput = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) && !('cartProduct' in v) ? { cartProduct: [v] } : v),
  z.object({
    customerId: optionalId,
    cartProduct: z.array(cartLineInput).min(1, 'must hold at least one line').max(100, 'must hold at most 100 lines'),
  }),
);

/** PUT cart/cart-product/{cartId}: one line up or down (by 1 unless a quantity is sent). */
export const cartChangeInput = z.object({
  cartProductId: id,
  productQuantity: cartQuantity.default(1),
  type: z.enum(['increment', 'decrement'], { error: "must be 'increment' or 'decrement'" }),
});

/** PATCH cart/{id} {status: 'false'} empties the cart (the spec's soft deletion of a cart). */
export const cartStatusInput = z.object({ status: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }) });

export const cartLineOut = z.object({
  id: out.id,
  /** The variant the line's colour and attribute values name, for a product sold by variants. */
  productVariantId: out.optionalId.optional(),
  productId: out.id,
  productQuantity: out.int,
  colorId: out.optionalId,
  /** What one unit cost, with VAT and the catalogue discount, when the line was added. */
  addedPrice: out.money,
  /** What one unit costs today (`unitPrice`): what the order will charge. */
  unitPrice: out.money,
  /** unitPrice × quantity. */
  lineTotal: out.money,
  /** 'true' when today's unit price differs from the price when the line was added. */
  priceChanged: out.status,
  /** 'true' when the product no longer has this many in stock (or is no longer sold). */
  stockShort: out.status,
  product: z.object({
    id: out.id,
    name: out.text,
    productThumbnailImage: out.optionalText,
    productSalePriceWithVat: out.money,
    /** Units in stock now. */
    productQuantity: out.int,
  }),
  colors: z.object({ id: out.id, name: out.text }).nullable(),
  cartAttributeValue: z.array(z.object({ productAttributeValueId: out.id, name: out.text })),
});
export type CartLine = z.infer<typeof cartLineOut>;

export const cartOut = z.object({
  ...recordOut,
  customerId: out.id,
  /** Σ line totals at today's prices. */
  totalAmount: out.money,
  cartProducts: z.array(cartLineOut),
});
export type Cart = z.infer<typeof cartOut>;

/** The cart's fields as the storefront names them. */
const cartLabels = { productQuantity: 'Quantity', colorId: 'Colour', productAttributeValueId: 'Options', cartProductId: 'Cart line' };

/** An answer that has a cart, or none when the shopper's cart is empty. */
const cartAnswer = z.object({ message: out.text, cart: cartOut.nullable() });

/** The shopper's server cart (reference 3.15): one per shopper, only ever the caller's own. */
export const cartEndpoints = {
  add: endpoint({
    method: 'POST',
    path: 'cart',
    access: 'customer',
    body: cartAddInput,
    labels: cartLabels,
    answer: cartAnswer,
    status: 201,
  }),
  ofCustomer: endpoint({ method: 'GET', path: 'cart/customer/:id', access: 'customer', answer: cartAnswer }),
  get: endpoint({ method: 'GET', path: 'cart/:id', access: 'customer', answer: cartAnswer }),
  change: endpoint({
    method: 'PUT',
    path: 'cart/cart-product/:id',
    access: 'customer',
    body: cartChangeInput,
    labels: cartLabels,
    answer: cartAnswer,
  }),
  empty: endpoint({ method: 'PATCH', path: 'cart/:id', access: 'customer', body: cartStatusInput, answer: cartAnswer }),
};

/** GET delivery-fee/public: the active delivery areas the checkout offers. */
export const publicDeliveryFeeListOut = z.object({
  getAllDeliveryFee: z.array(z.object({ id: out.id, deliveryArea: out.text, deliveryFee: out.money })),
  totalDeliveryFee: out.int,
});
export type PublicDeliveryFeeList = z.infer<typeof publicDeliveryFeeListOut>;

/** GET payment-method/public: the ways to pay the checkout offers (active, offered at checkout). */
export const publicPaymentMethodListOut = z.object({
  getAllPaymentMethod: z.array(
    z.object({
      id: out.id,
      methodName: out.text,
      instruction: out.optionalText,
      ownerAccount: out.optionalText,
      logo: out.optionalText,
      /** 'true' for cash on delivery (nothing to enter); else the shopper gives their account and transaction id. */
      isCod: out.status,
    }),
  ),
  totalPaymentMethod: out.int,
});
export type PublicPaymentMethodList = z.infer<typeof publicPaymentMethodListOut>;
