import { productFileFields, productInput } from '@tillbook/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { createProduct, type EncodedProductImages, encodeProductImages, storeProductImages } from '../modules/catalogue/index.ts';
import { businessDate, type Clock } from '../platform/clock.ts';
import type { DbOrTx } from '../platform/db.ts';
import type { StagedFiles } from '../platform/stored-files.ts';
import * as s from '../schema/index.ts';
import { type DemoProduct, demoDiscounts, demoProducts } from './demo-catalogue.ts';
import { demoDrawing, demoPicture } from './demo-images.ts';
import { demoPicturesFile, keepDemoPictures, readDemoPictures } from './demo-pictures-cache.ts';

const galleryVariants = (p: DemoProduct) => Array.from({ length: p.gallery ?? 0 }, (_, i) => i + 1);

/**
 * Every demo product's pictures, drawn and encoded as an upload is (before any transaction); read from the
 * cache of a previous drawing when there is one (demo-pictures-cache.ts).
 */
export async function demoProductImages(): Promise<Map<string, EncodedProductImages>> {
  const drawings = demoProducts.flatMap((p) =>
    [0, ...galleryVariants(p)].map((variant) => `${p.sku}\n${demoDrawing(p.shape, p.hue, variant)}`),
  );
  const file = demoPicturesFile(drawings);
  const kept = readDemoPictures(file);
  if (kept && demoProducts.every((p) => kept.has(p.sku))) return kept;
  const images = await drawDemoProductImages();
  keepDemoPictures(file, images);
  return images;
}

async function drawDemoProductImages(): Promise<Map<string, EncodedProductImages>> {
  const images = new Map<string, EncodedProductImages>();
  for (const p of demoProducts) {
    const upload = async (field: string, variant: number) => ({
      field,
      filename: `${p.sku}.png`,
      data: await demoPicture(p.shape, p.hue, variant),
    });
    const gallery = [];
    for (const variant of galleryVariants(p)) gallery.push(await upload(productFileFields.gallery, variant));
    images.set(p.sku, await encodeProductImages({ fields: {}, thumbnail: await upload(productFileFields.thumbnail, 0), gallery }));
  }
  return images;
}

/** One of each sub-category in turn, so the newest products (the storefront home) are a mix. */
function mixedOrder(products: DemoProduct[]): DemoProduct[] {
  const bySubCategory = new Map<string, DemoProduct[]>();
  for (const p of products) bySubCategory.set(p.subCategory, [...(bySubCategory.get(p.subCategory) ?? []), p]);
  const groups = [...bySubCategory.values()];
  const longest = Math.max(...groups.map((g) => g.length));
  return Array.from({ length: longest }, (_, i) => groups.flatMap((g) => (g[i] ? [g[i]] : []))).flat();
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Ids by name of the rows a demo product names (the demo's own, or the shop's of the same name). */
async function idsByName(tx: DbOrTx) {
  const byName = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [r.name, r.id]));
  return {
    subCategory: byName(await tx.select({ id: s.productSubCategory.id, name: s.productSubCategory.name }).from(s.productSubCategory)),
    brand: byName(await tx.select({ id: s.productBrand.id, name: s.productBrand.name }).from(s.productBrand)),
    colour: byName(await tx.select({ id: s.colors.id, name: s.colors.name }).from(s.colors)),
    vat: byName(await tx.select({ id: s.productVat.id, name: s.productVat.title }).from(s.productVat)),
    unit: byName(await tx.select({ id: s.uom.id, name: s.uom.name }).from(s.uom)),
    size: byName(
      await tx
        .select({ id: s.productAttributeValue.id, name: s.productAttributeValue.name })
        .from(s.productAttributeValue)
        .innerJoin(s.productAttribute, eq(s.productAttribute.id, s.productAttributeValue.productAttributeId))
        .where(eq(s.productAttribute.name, 'Size')),
    ),
  };
}

/**
 * Creates the demo products through the catalogue's own use case, inside the caller's transaction:
 * the row, its links, its pictures and the opening stock as a movement posted to the ledger. The
 * discounts run from a week before the business date to two months after it. A SKU the shop
 * already has is left alone.
 */
export async function seedDemoProducts(tx: DbOrTx, files: StagedFiles, images: Map<string, EncodedProductImages>, clock: Clock) {
  const today = await businessDate(tx, clock);
  await tx
    .insert(s.discount)
    .values(Object.values(demoDiscounts).map((d) => ({ ...d, startDate: addDays(today, -7), endDate: addDays(today, 60) })))
    .onConflictDoNothing();
  const discounts = await tx
    .select({ id: s.discount.id, name: s.discount.name })
    .from(s.discount)
    .where(
      inArray(
        s.discount.name,
        Object.values(demoDiscounts).map((d) => d.name),
      ),
    );
  const discountOf = new Map(discounts.map((d) => [d.name, d.id]));
  const ids = await idsByName(tx);
  const taken = new Set(
    (
      await tx
        .select({ sku: sql<string>`lower(${s.product.sku})` })
        .from(s.product)
        .where(
          inArray(
            sql`lower(${s.product.sku})`,
            demoProducts.map((p) => p.sku.toLowerCase()),
          ),
        )
    ).map((r) => r.sku),
  );
  for (const p of mixedOrder(demoProducts)) {
    if (taken.has(p.sku.toLowerCase())) continue;
    const input = productInput.parse({
      name: p.name,
      sku: p.sku,
      description: p.description,
      productSubCategoryId: ids.subCategory.get(p.subCategory) ?? null,
      productBrandId: ids.brand.get(p.brand) ?? null,
      productVatId: ids.vat.get(p.vat ?? 'Standard') ?? null,
      uomId: ids.unit.get(p.unit?.name ?? 'pc') ?? null,
      uomValue: p.unit?.value ?? null,
      productQuantity: p.stock,
      reorderQuantity: p.reorder,
      productSalePrice: p.price,
      productPurchasePrice: p.cost,
      discountId: p.offer ? (discountOf.get(demoDiscounts[p.offer].name) ?? null) : null,
      colors: (p.colours ?? []).flatMap((c) => ids.colour.get(c) ?? []),
      productAttributeValueId: (p.sizes ?? []).flatMap((size) => ids.size.get(size) ?? []),
    });
    const pictures = images.get(p.sku);
    const stored = pictures ? await storeProductImages(files, pictures) : {};
    await createProduct(tx, { clock }, input, stored);
  }
}
