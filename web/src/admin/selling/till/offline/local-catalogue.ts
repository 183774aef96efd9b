import { discountActiveOn, isProductPage, type ProductRow, routes, type TillCatalogueProduct, unitPrice } from '@tillbook/contract';
import { api } from '../../../../lib/api.ts';
import { notify } from '../../../../lib/notices.tsx';
import type { TillProduct } from '../cart.ts';
import type { VariantChoice } from '../till-variants.ts';
import { allOf, oneOf, write } from './idb.ts';
import { serverReachable } from './sale-queue.ts';

/**
 * The till's copy of the catalogue (issue 33): loaded from `GET till/catalogue` by pages, the first time all of it,
 * then only the products changed since the cursor it keeps, and the stock moved since its stock cursor; held in
 * memory for searching and scanning at once, and in IndexedDB for a reload without the server. Its stock is as
 * last seen (at the last refresh, every minute while the server answers).
 */
let products: Map<number, TillCatalogueProduct> | undefined;

async function loaded(): Promise<Map<number, TillCatalogueProduct>> {
  products ??= new Map((await allOf<TillCatalogueProduct>('products')).map((p) => [p.id, p]));
  return products;
}

type Meta = { name: string; value: string };

/**
 * Loads what changed since the last load (everything the first time), then the stock moved since (another till's
 * sales, a delivery); false when the server could not be reached. The stock cursor is taken before the first load,
 * so no move between the two is missed.
 */
export async function refreshCopy(): Promise<boolean> {
  const copy = await loaded();
  let stockAfter = (await oneOf<Meta>('meta', 'stockCursor'))?.value;
  let after = stockAfter ? (await oneOf<Meta>('meta', 'catalogueCursor'))?.value : undefined;
  if (!stockAfter) {
    // a copy without a stock cursor (the first load, or one made before there was one) loads the whole catalogue
    const now = await api(routes.tillCatalogue.stock, { query: {} });
    if (now.error !== undefined) return false;
    stockAfter = now.data.cursor;
  }
  for (;;) {
    const page = await api(routes.tillCatalogue.get, { query: { count: 1000, ...(after ? { after } : {}) } });
    if (page.error !== undefined) return false;
    const gone = page.data.products.filter((p) => !p.onSale).map((p) => p.id);
    const kept = page.data.products.filter((p) => p.onSale);
    await write('products', kept, gone);
    for (const id of gone) copy.delete(id);
    for (const p of kept) copy.set(p.id, p);
    after = page.data.cursor;
    await write('meta', [{ name: 'catalogueCursor', value: after }]);
    if (!page.data.more) break;
  }
  await write('meta', [{ name: 'stockCursor', value: stockAfter }]);
  return loadStock(copy, stockAfter);
}

/** The stock moved after `from` into the copy, by pages; false when the server could not be reached. */
async function loadStock(copy: Map<number, TillCatalogueProduct>, from: string): Promise<boolean> {
  let after = from;
  for (;;) {
    const page = await api(routes.tillCatalogue.stock, { query: { after, count: 2000 } });
    if (page.error !== undefined) return false;
    const moved = page.data.stock.flatMap((s) => {
      const p = copy.get(s.id);
      if (!p) return [];
      const variants = p.variants.map((v) => ({
        ...v,
        productQuantity: s.variants.find((x) => x.id === v.id)?.productQuantity ?? v.productQuantity,
      }));
      return [{ ...p, productQuantity: s.productQuantity, variants }];
    });
    await write('products', moved);
    for (const p of moved) copy.set(p.id, p);
    after = page.data.cursor;
    await write('meta', [{ name: 'stockCursor', value: after }]);
    if (!page.data.more) return true;
  }
}

const same = (a: string | null | undefined, b: string) => !!a && a.toLowerCase() === b.toLowerCase();

/** A search of the copy as the server's answers it for the till: an exact SKU or barcode (a variant's named) first, then names and SKUs holding the key. */
export async function searchCopy(key: string): Promise<ProductRow[]> {
  const copy = await loaded();
  const wanted = key.trim().toLowerCase();
  const found: ProductRow[] = [];
  const row = (p: TillCatalogueProduct, scannedVariantId?: number) =>
    ({
      id: p.id,
      name: p.name,
      sku: p.sku,
      productQuantity: p.productQuantity,
      hasVariants: p.variants.length ? 'true' : 'false',
      ...(scannedVariantId ? { scannedVariantId } : {}),
    }) as unknown as ProductRow;
  for (const p of copy.values()) {
    const scanned = p.variants.find((v) => v.onSale && (same(v.sku, wanted) || same(v.barcode, wanted)));
    if (scanned) return [row(p, scanned.id)];
    if (same(p.sku, wanted)) found.unshift(row(p));
    else if (found.length < 20 && (p.name.toLowerCase().includes(wanted) || p.sku.toLowerCase().includes(wanted))) found.push(row(p));
  }
  return found.slice(0, 20);
}

/** The product as the till adds it, priced from the copy (`unitPrice` on `date`), with its variants on sale; a text when the copy has none. */
export async function productOfCopy(id: number, date: string): Promise<(TillProduct & { variants?: VariantChoice[] }) | string> {
  const p = (await loaded()).get(id);
  if (!p) return 'This product is not in the till’s copy of the catalogue';
  // the discount that runs on the till's day, as the server's answer gives it (the copy keeps its dates)
  const discount = p.discount && discountActiveOn(p.discount, date) ? p.discount : null;
  const product: TillProduct = {
    id: p.id,
    name: p.name,
    sku: p.sku,
    productSalePrice: p.productSalePrice,
    vatPercentage: p.vatPercentage,
    discount,
    productQuantity: p.productQuantity,
  };
  if (!p.variants.length) return product;
  const variants = p.variants
    .filter((v) => v.onSale)
    .map((v) => ({
      product: {
        ...product,
        variantId: v.id,
        variantLabel: v.label,
        sku: v.sku,
        productSalePrice: v.productSalePrice ?? p.productSalePrice,
        productQuantity: v.productQuantity,
      },
      priceWithVat: unitPrice({ salePrice: v.productSalePrice ?? p.productSalePrice, vatPercentage: p.vatPercentage, discount, date })
        .finalPriceWithVat,
    }));
  return { ...product, variants };
}

/** The till's search: the server's while it answers, the copy's offline or when the server could not be reached. */
export async function tillSearch(key: string): Promise<ProductRow[] | null> {
  if (!serverReachable()) return searchCopy(key);
  const found = await api(routes.product.list, { query: { query: 'search', key } });
  if (found.error === undefined) return isProductPage(found.data) ? found.data.getAllProduct : null;
  if (found.status === 0) return searchCopy(key);
  notify.error(found.error);
  return null;
}
