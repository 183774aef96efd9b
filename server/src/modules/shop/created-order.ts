import { type CartOrder, fromCents } from '@tillbook/contract';
import { imageUrls } from '../catalogue/index.ts';
import type { StoredLine } from './cart-read.ts';
import type { CheckoutParty } from './checkout-lookup.ts';

/** The header row a checkout writes (snake_case, as its statement reads it). */
export interface WrittenHeader {
  id: number;
  date: string;
  customer_id: number;
  payment_method_id: number;
  is_cod: boolean;
  product_amount: number;
  total_vat_amount: number;
  total_discount_amount: number;
  coupon_id: number | null;
  coupon_amount: number;
  delivery_fee_id: number;
  delivery_area: string;
  delivery_fee: number;
  total_amount: number;
  due_amount: number;
  delivery_address: string | null;
  customer_phone: string | null;
  note: string | null;
}

/** A line a checkout writes. */
export interface WrittenLine {
  product_id: number;
  color_id: number | null;
  product_quantity: number;
  product_sale_price: number;
  product_vat: number;
  discount_type: 'percentage' | 'flat' | null;
  discount: number;
  unit_price: number;
  line_total: number;
  vat_amount: number;
  coupon_share: number | null;
}

/**
 * The new order as `GET cart-order/{id}` answers its `singleCartOrder`, from what the checkout wrote
 * (the header, the lines in their order with the ids the insert gave them, the cart lines they came
 * from), so the checkout's answer costs no read. `order-read.ts` reads the same keys back later.
 */
export function createdOrder(w: {
  header: WrittenHeader;
  shopper: NonNullable<CheckoutParty['customer']>;
  method: NonNullable<CheckoutParty['method']>;
  couponCode: string | null;
  /** In cents. */
  profit: number;
  priced: readonly { line: StoredLine }[];
  lines: readonly WrittenLine[];
  lineIds: readonly number[];
  createdAt: Date;
}) {
  const h = w.header;
  const order = {
    id: h.id,
    status: true,
    createdAt: w.createdAt,
    updatedAt: w.createdAt,
    date: h.date,
    orderStatus: 'PENDING' as const,
    customerId: h.customer_id,
    customer: { id: w.shopper.id, username: w.shopper.username ?? w.shopper.email ?? '', email: w.shopper.email, phone: w.shopper.phone },
    productAmount: h.product_amount,
    totalVatAmount: h.total_vat_amount,
    totalDiscountAmount: h.total_discount_amount,
    couponId: h.coupon_id,
    couponCode: w.couponCode,
    couponAmount: h.coupon_amount,
    deliveryFeeId: h.delivery_fee_id,
    deliveryArea: h.delivery_area,
    deliveryFee: h.delivery_fee,
    totalAmount: h.total_amount,
    paidAmount: 0,
    dueAmount: h.due_amount,
    returnAmount: 0,
    isPaid: h.due_amount <= 0,
    profit: fromCents(w.profit),
    paymentMethodId: h.payment_method_id,
    paymentMethod: w.method.methodName,
    isCod: h.is_cod,
    deliveryAddress: h.delivery_address,
    customerPhone: h.customer_phone,
    note: h.note,
    courierMediumId: null,
    courierMedium: null,
    trackingNumber: null,
    isVerified: 'Pending' as const,
    isReOrdered: false,
    previousCartOrderId: null,
  } satisfies Record<keyof CartOrder, unknown>;
  return {
    ...order,
    cartOrderProduct: w.lines.map((l, i) => {
      const from = w.priced[i]!.line;
      return {
        id: w.lineIds[i]!,
        invoiceId: h.id,
        productId: l.product_id,
        productQuantity: l.product_quantity,
        productSalePrice: l.product_sale_price,
        productVat: l.product_vat,
        discountType: l.discount_type,
        discount: l.discount,
        unitPrice: l.unit_price,
        lineTotal: l.line_total,
        vatAmount: l.vat_amount,
        couponShare: l.coupon_share,
        colorId: l.color_id,
        colors: from.colors,
        cartOrderAttributeValue: from.cartAttributeValue,
        product: {
          id: from.product.id,
          name: from.product.name,
          productThumbnailImage: imageUrls(from.product.productThumbnailImage).thumbnailUrl,
        },
      };
    }),
    history: [{ orderStatus: 'PENDING' as const, createdAt: w.createdAt }],
  };
}

export type CreatedOrder = ReturnType<typeof createdOrder>;
