import { type PriceDiscount, toCents, unitPrice } from '@tillbook/contract';
import { type SQL, sql } from 'drizzle-orm';

/** A product as the shop prices it: today's catalogue price, VAT and discount, and its stock. */
export interface ShopProduct {
  id: number;
  name: string;
  productThumbnailImage: string | null;
  salePrice: number;
  vat: number | null;
  discount: PriceDiscount | null;
  stock: number;
  /** False when the product is no longer sold. */
  active: boolean;
  /** Sold by its variants: a line names one (its colour and attribute values), priced and stocked as the variant. */
  hasVariants?: boolean;
}

/** SQL: the json of product `p` (with its VAT `v` and its active discount `d` joined) as `ShopProduct` reads it. */
export const shopProductJson: SQL = sql`json_build_object('id', p.id, 'name', p.name, 'productThumbnailImage', p.product_thumbnail_image,
  'salePrice', p.product_sale_price, 'vat', v.percentage, 'stock', p.product_quantity, 'active', p.status, 'hasVariants', p.has_variants,
  'discount', case when d.id is not null then json_build_object('type', d.type, 'value', d.value,
    'startDate', d.start_date, 'endDate', d.end_date) end)`;

/**
 * SQL: the json of product `p` as the variant `pv` (left-joined; none for a line without one) is sold: the
 * variant's price when it has its own, its stock, and on sale only while both are.
 */
export const shopLineProductJson: SQL = sql`json_build_object('id', p.id, 'name', p.name, 'productThumbnailImage', p.product_thumbnail_image,
  'salePrice', coalesce(pv.product_sale_price, p.product_sale_price), 'vat', v.percentage,
  'stock', coalesce(pv.product_quantity, p.product_quantity), 'active', p.status and coalesce(pv.status, true),
  'hasVariants', p.has_variants,
  'discount', case when d.id is not null then json_build_object('type', d.type, 'value', d.value,
    'startDate', d.start_date, 'endDate', d.end_date) end)`;

/** SQL: the joins `shopProductJson` needs, after `from product p`. */
export const shopProductJoins: SQL = sql`left join product_vat v on v.id = p.product_vat_id
  left join discount d on d.id = p.discount_id and d.status`;

/** JSON numbers come back as numbers or text: make them numbers. */
export const asShopProduct = (p: ShopProduct): ShopProduct => ({
  ...p,
  salePrice: Number(p.salePrice),
  vat: p.vat == null ? null : Number(p.vat),
  stock: Number(p.stock),
  discount: p.discount ? { ...p.discount, value: Number(p.discount.value) } : null,
});

/** One unit of the product today, in cents (the one pricing function). */
export function unitCents(p: ShopProduct, today: string) {
  const price = unitPrice({ salePrice: p.salePrice, vatPercentage: p.vat, discount: p.discount, date: today });
  return {
    price,
    final: toCents(price.finalPriceWithVat),
    net: toCents(price.discountedPrice),
    vat: toCents(price.vatAmount),
    off: toCents(price.discountAmount),
  };
}

export const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
