import { type Cart, type cartAddInput, type cartChangeInput, fromCents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { presentCart, readStoredCart, type StoredLine } from './cart-read.ts';
import { asShopProduct, intArray, type ShopProduct, shopProductJoins, shopProductJson, unitCents } from './shop-products.ts';

export const cartMessages = {
  /** The spec's login flow removes the local cart on this message. */
  added: 'success',
  updated: 'Cart Updated Successfully',
  removed: 'Item removed from cart',
  emptied: 'Cart delete Successfully',
} as const;

/** The same set of attribute values in any order is the same line: sorted, without repeats. */
export const attributeKey = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b).join(',');

const stockOut = (p: ShopProduct, wanted: number) =>
  new AppError(
    'insufficient_stock',
    p.stock > 0 ? `Not enough stock of ${p.name}: ${p.stock} in stock, ${wanted} wanted` : `${p.name} is out of stock`,
    { productId: `${p.name} has only ${Math.max(0, p.stock)} in stock` },
  );

/** What a line's units are counted against: its variant's stock, else its product's. */
const stockKey = (l: { productId: number; productVariantId?: number | null }) => `${l.productId}/${l.productVariantId ?? ''}`;

/** Units of each product (or variant) already in the cart. */
const inCart = (lines: readonly StoredLine[]) => {
  const units = new Map<string, number>();
  for (const l of lines) units.set(stockKey(l), (units.get(stockKey(l)) ?? 0) + l.productQuantity);
  return units;
};

/** A variant as a cart line chooses it. */
interface CartVariant {
  id: number;
  productId: number;
  colorId: number | null;
  attributeValueIds: number[];
  attributeKey: string;
  sku: string;
  salePrice: number | null;
  stock: number;
  active: boolean;
}

/** The variants of the products sold by variants among these, keyed by id. */
async function variantsFor(tx: DbOrTx, productIds: readonly number[]): Promise<CartVariant[]> {
  if (!productIds.length) return [];
  const rows = await rawRows<{ v: CartVariant }>(
    tx,
    sql`select json_build_object('id', id, 'productId', product_id, 'colorId', color_id, 'attributeValueIds', attribute_value_ids,
        'attributeKey', attribute_key, 'sku', sku, 'salePrice', product_sale_price, 'stock', product_quantity, 'active', status) as v
      from product_variant where product_id = any(${intArray(productIds)}::int[])`,
  );
  return rows.map((r) => ({ ...r.v, salePrice: r.v.salePrice == null ? null : Number(r.v.salePrice), stock: Number(r.v.stock) }));
}

type AddLine = z.output<typeof cartAddInput>['cartProduct'][number];

/**
 * The variant each line names (issue 32): for a product sold by variants, the one given by `productVariantId`,
 * else the one of the line's colour and attribute values; 400 naming the line's `productVariantId` when it
 * names none of the product's, or one no longer sold. Lines of other products name none.
 */
function chooseVariants(lines: readonly AddLine[], products: ReadonlyMap<number, ShopProduct>, variants: readonly CartVariant[]) {
  return lines.map((l, i) => {
    const p = products.get(l.productId)!;
    if (!p.hasVariants) return null;
    const field = `cartProduct.${i}.productVariantId`;
    const key = attributeKey(l.productAttributeValueId);
    const v =
      l.productVariantId != null
        ? variants.find((x) => x.id === l.productVariantId && x.productId === l.productId)
        : variants.find((x) => x.productId === l.productId && (x.colorId ?? 0) === (l.colorId ?? 0) && x.attributeKey === key);
    if (!v) throw fieldError(field, `names no variant of ${p.name}: choose a colour and size it is sold in`);
    if (!v.active) throw fieldError(field, `is not for sale (${p.name}, ${v.sku})`);
    return v;
  });
}

/** The product as the variant is sold: its price when it has its own, its stock. */
const asVariant = (p: ShopProduct, v: CartVariant | null): ShopProduct =>
  v ? { ...p, salePrice: v.salePrice ?? p.salePrice, stock: v.stock, active: p.active && v.active } : p;

async function productsFor(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, ShopProduct>> {
  const rows = await rawRows<{ product: ShopProduct }>(
    tx,
    sql`select ${shopProductJson} as product from product p ${shopProductJoins} where p.id = any(${intArray(ids)}::int[])`,
  );
  return new Map(rows.map((r) => [r.product.id, asShopProduct(r.product)]));
}

async function checkRefs(tx: DbOrTx, lines: z.output<typeof cartAddInput>['cartProduct']) {
  const colours = [...new Set(lines.flatMap((l) => (l.colorId ? [l.colorId] : [])))];
  const values = [...new Set(lines.flatMap((l) => l.productAttributeValueId))];
  if (!colours.length && !values.length) return;
  const [found] = await rawRows<{ colours: number[] | null; values: number[] | null }>(
    tx,
    sql`select (select array_agg(id) from colors where id = any(${intArray(colours)}::int[]) and status) as colours,
      (select array_agg(id) from product_attribute_value where id = any(${intArray(values)}::int[]) and status) as values`,
  );
  const colourSet = new Set(found?.colours ?? []);
  const valueSet = new Set(found?.values ?? []);
  lines.forEach((l, i) => {
    if (l.colorId && !colourSet.has(l.colorId)) throw fieldError(`cartProduct.${i}.colorId`, 'does not exist');
    const missing = l.productAttributeValueId.find((v) => !valueSet.has(v));
    if (missing) throw fieldError(`cartProduct.${i}.productAttributeValueId`, `holds ${missing}, which does not exist`);
  });
}

async function answer(tx: DbOrTx, customerId: number, today: string): Promise<Cart | null> {
  const stored = await readStoredCart(tx, customerId);
  if (!stored || stored.lines.length === 0) return null;
  return presentCart(stored, today);
}

/**
 * POST cart: lines into the caller's cart (made on first use; one per shopper). A line of the same
 * product, colour and set of attribute values adds to the one there. The units of a product in the cart
 * may not pass its stock (409 insufficient_stock naming it); a product no longer sold is refused.
 */
export async function addToCart(tx: DbOrTx, customerId: number, input: z.output<typeof cartAddInput>, today: string) {
  if (input.customerId && input.customerId !== customerId) throw forbidden('A cart can only be your own');
  const products = await productsFor(
    tx,
    input.cartProduct.map((l) => l.productId),
  );
  input.cartProduct.forEach((l, i) => {
    if (!products.get(l.productId)?.active) throw fieldError(`cartProduct.${i}.productId`, 'is not for sale');
  });
  await checkRefs(tx, input.cartProduct);
  const chosen = chooseVariants(
    input.cartProduct,
    products,
    await variantsFor(
      tx,
      [...products.values()].filter((p) => p.hasVariants).map((p) => p.id),
    ),
  );
  const [made] = await rawRows<{ id: number }>(
    tx,
    sql`insert into cart (customer_id) values (${customerId})
      on conflict (customer_id) do update set updated_at = now(), status = true returning id`,
  );
  const stored = await readStoredCart(tx, customerId, true);
  const units = inCart(stored?.lines ?? []);
  const sold = input.cartProduct.map((l, i) => ({ ...l, productVariantId: chosen[i]?.id ?? null }));
  for (const l of sold) units.set(stockKey(l), (units.get(stockKey(l)) ?? 0) + l.productQuantity);
  for (const [i, l] of sold.entries()) {
    const p = asVariant(products.get(l.productId)!, chosen[i]!);
    const wanted = units.get(stockKey(l))!;
    if (wanted > p.stock) throw stockOut(chosen[i] ? { ...p, name: `${p.name} (${chosen[i]!.sku})` } : p, wanted);
  }
  const rows = sold.map((l, i) => {
    const v = chosen[i];
    const values = v ? v.attributeValueIds : l.productAttributeValueId;
    return {
      product_id: l.productId,
      product_variant_id: v?.id ?? null,
      color_id: v ? v.colorId : (l.colorId ?? null),
      attribute_value_ids: [...new Set(values)].sort((a, b) => a - b),
      attribute_key: attributeKey(values),
      product_quantity: l.productQuantity,
      added_price: fromCents(unitCents(asVariant(products.get(l.productId)!, v ?? null), today).final),
    };
  });
  // one statement; lines repeated within the request are summed first (an insert may not hit one row twice). It
  // answers the lines it wrote as the cart's read has them (colour and attribute values named): with the cart read
  // under its lock above, they are the cart a second read would answer
  const written = await rawRows<WrittenLine>(
    tx,
    sql`
    insert into cart_product (cart_id, product_id, product_variant_id, color_id, attribute_value_ids, attribute_key, product_quantity, added_price)
    select ${made!.id}, r.product_id, max(r.product_variant_id), r.color_id, min(r.attribute_value_ids::text)::int[], r.attribute_key,
      sum(r.product_quantity), max(r.added_price)
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(product_id int, product_variant_id int, color_id int, attribute_value_ids int[],
      attribute_key text, product_quantity int, added_price numeric)
    group by r.product_id, r.color_id, r.attribute_key
    on conflict (cart_id, product_id, coalesce(color_id, 0), attribute_key)
    do update set product_quantity = cart_product.product_quantity + excluded.product_quantity, added_price = excluded.added_price
    returning ${writtenLineJson} as line`,
  );
  // each line's product as sold: a product's own, or as one of its variants
  const asSold = new Map(sold.map((l, i) => [stockKey(l), asVariant(products.get(l.productId)!, chosen[i] ?? null)]));
  // the upsert above made the cart or kept it: the read under its lock found it
  return { message: cartMessages.added, cart: withWritten(stored!, written, asSold, today) };
}

/** A line as the add wrote it, with what the cart's read tells of it but its product (cart-read.ts). */
type WrittenLine = { line: Omit<StoredLine, 'product'> };

/** SQL: the returned line (`cart_product`) as `readStoredCart` reads it, but for its product. */
const writtenLineJson = sql`json_build_object('id', cart_product.id, 'productId', cart_product.product_id,
  'productVariantId', cart_product.product_variant_id, 'productQuantity', cart_product.product_quantity, 'colorId', cart_product.color_id,
  'attributeValueIds', cart_product.attribute_value_ids, 'addedPrice', cart_product.added_price,
  'colors', (select json_build_object('id', col.id, 'name', col.name) from colors col where col.id = cart_product.color_id),
  'cartAttributeValue', coalesce((select json_agg(json_build_object('productAttributeValueId', av.id, 'name', av.name) order by av.id)
     from product_attribute_value av where av.id = any(cart_product.attribute_value_ids)), '[]'::json))`;

/**
 * The cart once the add's lines are written: the cart as read under its lock, after its upsert (so its dates are
 * the add's), each line the add merged into taking its new quantity and price, each new line its product as the add
 * priced it (`asSold`, by `stockKey`), in the lines' order. It is what a second read would answer, without the read
 * (a test holds the two equal).
 */
function withWritten(
  stored: NonNullable<Awaited<ReturnType<typeof readStoredCart>>>,
  written: readonly WrittenLine[],
  asSold: ReadonlyMap<string, ShopProduct>,
  today: string,
): Cart {
  const lines = new Map(stored.lines.map((l) => [l.id, l]));
  for (const { line } of written) {
    const before = lines.get(line.id);
    lines.set(line.id, { ...line, addedPrice: Number(line.addedPrice), product: before?.product ?? asSold.get(stockKey(line))! });
  }
  return presentCart({ ...stored, lines: [...lines.values()].sort((a, b) => a.id - b.id) }, today);
}

/** The caller's cart, locked; 404 when `cartId` is not the caller's cart (another shopper's is not told apart). */
async function ownCart(tx: DbOrTx, customerId: number, cartId: number) {
  const stored = await readStoredCart(tx, customerId, true);
  if (!stored || stored.id !== cartId) throw notFound(`Cart ${cartId}`);
  return stored;
}

/**
 * The cart as it stands once one line's quantity moved by `delta` (a line at 0 goes; no line left: null), from the
 * cart read under its lock: the answer a second read would give, without the read (a change writes one statement).
 */
function changed(stored: NonNullable<Awaited<ReturnType<typeof ownCart>>>, lineId: number, delta: number, today: string): Cart | null {
  const lines = stored.lines.flatMap((l) =>
    l.id !== lineId ? [l] : l.productQuantity + delta > 0 ? [{ ...l, productQuantity: l.productQuantity + delta }] : [],
  );
  return lines.length ? presentCart({ ...stored, lines }, today) : null;
}

/** PUT cart/cart-product/{cartId}: one line up (checked against stock) or down; a line at 0 goes, and an empty cart goes. */
export async function changeCartLine(
  tx: DbOrTx,
  customerId: number,
  cartId: number,
  input: z.output<typeof cartChangeInput>,
  today: string,
) {
  const stored = await ownCart(tx, customerId, cartId);
  const line = stored.lines.find((l) => l.id === input.cartProductId);
  if (!line) throw fieldError('cartProductId', 'is not a line of this cart');
  if (input.type === 'increment') {
    const wanted = (inCart(stored.lines).get(stockKey(line)) ?? 0) + input.productQuantity;
    if (!line.product.active) throw fieldError('cartProductId', `holds ${line.product.name}, which is no longer for sale`);
    if (wanted > line.product.stock) throw stockOut(line.product, wanted);
    await tx.execute(sql`update cart_product set product_quantity = product_quantity + ${input.productQuantity} where id = ${line.id}`);
    return { message: cartMessages.updated, cart: changed(stored, line.id, input.productQuantity, today) };
  }
  if (input.productQuantity > line.productQuantity)
    throw badRequest(`The line holds only ${line.productQuantity}`, { productQuantity: `must be at most ${line.productQuantity}` });
  if (input.productQuantity === line.productQuantity) await tx.execute(sql`delete from cart_product where id = ${line.id}`);
  else await tx.execute(sql`update cart_product set product_quantity = product_quantity - ${input.productQuantity} where id = ${line.id}`);
  const left = changed(stored, line.id, -input.productQuantity, today);
  if (!left) await tx.execute(sql`delete from cart where id = ${cartId}`);
  return { message: input.productQuantity === line.productQuantity ? cartMessages.removed : cartMessages.updated, cart: left };
}

/** PATCH cart/{id} {status: 'false'}: the cart and its lines go ('true' keeps it as it is). */
export async function setCartStatus(tx: DbOrTx, customerId: number, cartId: number, status: 'true' | 'false', today: string) {
  await ownCart(tx, customerId, cartId);
  if (status === 'true') return { message: cartMessages.updated, cart: await answer(tx, customerId, today) };
  await tx.execute(sql`delete from cart where id = ${cartId}`);
  return { message: cartMessages.emptied, cart: null };
}

/** GET cart/{id}: the caller's cart by its id (404 for any other). */
export async function cartById(tx: DbOrTx, customerId: number, cartId: number, today: string) {
  const stored = await readStoredCart(tx, customerId);
  if (!stored || stored.id !== cartId) throw notFound(`Cart ${cartId}`);
  return { message: 'success', cart: stored.lines.length ? presentCart(stored, today) : null };
}
