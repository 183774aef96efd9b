import { type Cart, type CartLine, fromCents, unitPrice } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { executePrepared } from '../../platform/prepared.ts';
import { imageUrls } from '../catalogue/index.ts';
import { asShopProduct, type ShopProduct, shopLineProductJson, shopProductJoins, unitCents } from './shop-products.ts';

/** A cart line as read, before pricing. */
export interface StoredLine {
  id: number;
  productId: number;
  /** The variant the line's colour and attribute values name (its price and stock are the line's product's). */
  productVariantId: number | null;
  productQuantity: number;
  colorId: number | null;
  attributeValueIds: number[];
  addedPrice: number;
  colors: { id: number; name: string } | null;
  cartAttributeValue: { productAttributeValueId: number; name: string }[];
  product: ShopProduct;
}

interface CartRow {
  id: number;
  customer_id: number;
  status: boolean;
  created_at: Date;
  updated_at: Date;
  lines: StoredLine[] | null;
}

/** The shopper's cart with its lines, their products (priced below), colours and attribute values, in one statement. */
export async function readStoredCart(tx: DbOrTx, customerId: number, lock = false) {
  const [row] = await executePrepared<CartRow>(
    tx,
    sql`select c.id, c.customer_id, c.status, c.created_at, c.updated_at,
      (select json_agg(json_build_object('id', cp.id, 'productId', cp.product_id, 'productVariantId', cp.product_variant_id,
          'productQuantity', cp.product_quantity,
          'colorId', cp.color_id, 'attributeValueIds', cp.attribute_value_ids, 'addedPrice', cp.added_price,
          'colors', case when col.id is not null then json_build_object('id', col.id, 'name', col.name) end,
          'cartAttributeValue', coalesce((select json_agg(json_build_object('productAttributeValueId', av.id, 'name', av.name) order by av.id)
             from product_attribute_value av where av.id = any(cp.attribute_value_ids)), '[]'::json),
          'product', ${shopLineProductJson}) order by cp.id)
        from cart_product cp join product p on p.id = cp.product_id ${shopProductJoins}
        left join product_variant pv on pv.id = cp.product_variant_id
        left join colors col on col.id = cp.color_id
        where cp.cart_id = c.id) as lines
    from cart c where c.customer_id = ${customerId} ${lock ? sql`for update of c` : sql``}`,
  );
  if (!row) return null;
  const lines = (row.lines ?? []).map((l) => ({ ...l, addedPrice: Number(l.addedPrice), product: asShopProduct(l.product) }));
  return { id: row.id, customerId: row.customer_id, status: row.status, createdAt: row.created_at, updatedAt: row.updated_at, lines };
}

/** The cart as the shopper sees it: every line at today's price (`unitPrice`), and what changed since it was added. */
export function presentCart(stored: NonNullable<Awaited<ReturnType<typeof readStoredCart>>>, today: string): Cart {
  let total = 0;
  const cartProducts = stored.lines.map((l): CartLine => {
    const unit = unitCents(l.product, today);
    const lineTotal = unit.final * l.productQuantity;
    total += lineTotal;
    return {
      id: l.id,
      productId: l.productId,
      productVariantId: l.productVariantId,
      productQuantity: l.productQuantity,
      colorId: l.colorId,
      addedPrice: l.addedPrice,
      unitPrice: fromCents(unit.final),
      lineTotal: fromCents(lineTotal),
      priceChanged: fromCents(unit.final) !== l.addedPrice ? 'true' : 'false',
      stockShort: !l.product.active || l.product.stock < l.productQuantity ? 'true' : 'false',
      product: {
        id: l.product.id,
        name: l.product.name,
        productThumbnailImage: imageUrls(l.product.productThumbnailImage).thumbnailUrl,
        productSalePriceWithVat: unitPrice({ salePrice: l.product.salePrice, vatPercentage: l.product.vat, date: today }).priceWithVat,
        productQuantity: l.product.stock,
      },
      colors: l.colors,
      cartAttributeValue: l.cartAttributeValue,
    };
  });
  return {
    id: stored.id,
    status: stored.status ? 'true' : 'false',
    createdAt: stored.createdAt.toISOString?.() ?? String(stored.createdAt),
    updatedAt: stored.updatedAt.toISOString?.() ?? String(stored.updatedAt),
    customerId: stored.customerId,
    totalAmount: fromCents(total),
    cartProducts,
  };
}

/** The caller's cart as answered, or null when it has no lines. */
export async function cartOf(tx: DbOrTx, customerId: number, today: string): Promise<Cart | null> {
  const stored = await readStoredCart(tx, customerId);
  if (!stored || stored.lines.length === 0) return null;
  return presentCart(stored, today);
}
