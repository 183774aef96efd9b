import { productFileFields, productInput } from '@tillbook/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { businessDate, type Clock } from '../platform/clock.ts';
import type { DbOrTx } from '../platform/db.ts';
import type { StagedFiles } from '../platform/stored-files.ts';
import * as s from '../schema/index.ts';
import { createProduct, type EncodedProductImages, encodeProductImages, storeProductImages } from '../modules/catalogue/index.ts';
import { type DemoShape, demoPicture } from './demo-images.ts';

type SubCategory = 'Kitchen' | 'Cleaning' | 'Phones' | 'Laptops' | 'Cosmetics';
type Brand = 'Acme' | 'Northwind' | 'Globex';
type Colour = 'Black' | 'White' | 'Red';
type Offer = 'percent' | 'flat';

interface DemoProduct {
  name: string;
  sku: string;
  subCategory: SubCategory;
  brand: Brand;
  shape: DemoShape;
  hue: number;
  price: number;
  cost: number;
  stock: number;
  reorder: number;
  description: string;
  vat?: 'Standard' | 'Import and supply';
  unit?: { name: 'pc' | 'ml' | 'kg' | 'gm'; value: number };
  colours?: Colour[];
  sizes?: ('S' | 'M' | 'L')[];
  offer?: Offer;
  /** Pictures besides the thumbnail. */
  gallery?: number;
}

/** The demo discounts: one percentage, one flat amount off per unit, running around the business date. */
export const demoDiscounts: Record<Offer, { name: string; type: 'percentage' | 'flat'; value: number }> = {
  percent: { name: 'Demo sale 20%', type: 'percentage', value: 20 },
  flat: { name: 'Demo clearance 2 off', type: 'flat', value: 2 },
};

/**
 * Two dozen products of a small corner shop, every one with stock above its reorder level except
 * the earbuds, a few on discount.
 */
export const demoProducts: DemoProduct[] = [
  { name: 'Ceramic Mug Teal', sku: 'DEMO-MUG-TEAL', subCategory: 'Kitchen', brand: 'Acme', shape: 'mug', hue: 175, price: 6.5, cost: 2.8, stock: 40, reorder: 10, description: 'A 350 ml stoneware mug with a glossy teal glaze. Dishwasher safe.', colours: ['White'], gallery: 2 },
  { name: 'Ceramic Mug Red', sku: 'DEMO-MUG-RED', subCategory: 'Kitchen', brand: 'Acme', shape: 'mug', hue: 0, price: 6.5, cost: 2.8, stock: 25, reorder: 10, description: 'The same 350 ml mug in a warm red glaze.', colours: ['Red'], offer: 'percent' },
  { name: 'Non-stick Frying Pan 28 cm', sku: 'DEMO-PAN-28', subCategory: 'Kitchen', brand: 'Northwind', shape: 'pan', hue: 25, price: 29.9, cost: 14, stock: 12, reorder: 3, description: 'Aluminium pan with a three-layer non-stick coating, for every hob including induction.', colours: ['Black'], gallery: 1 },
  { name: 'Cast Iron Skillet', sku: 'DEMO-SKILLET', subCategory: 'Kitchen', brand: 'Globex', shape: 'pan', hue: 15, price: 39, cost: 18.5, stock: 8, reorder: 2, description: 'Pre-seasoned 26 cm skillet that goes from the hob to the oven.', colours: ['Black'] },
  { name: 'Glass Storage Jar 1 l', sku: 'DEMO-JAR-1L', subCategory: 'Kitchen', brand: 'Northwind', shape: 'jar', hue: 200, price: 4.2, cost: 1.6, stock: 60, reorder: 12, description: 'Airtight jar with a bamboo lid, for pasta, rice and coffee.', unit: { name: 'ml', value: 1000 } },
  { name: 'Spice Jar Set of 6', sku: 'DEMO-JAR-SPICE', subCategory: 'Kitchen', brand: 'Acme', shape: 'jar', hue: 35, price: 12, cost: 5, stock: 18, reorder: 4, description: 'Six small glass jars with shaker lids and blank labels.', offer: 'flat' },
  { name: 'Microfibre Cloths (5 pack)', sku: 'DEMO-CLOTH-5', subCategory: 'Cleaning', brand: 'Globex', shape: 'cloth', hue: 190, price: 5.5, cost: 2, stock: 50, reorder: 10, description: 'Lint-free cloths for glass, screens and worktops. Machine washable.' },
  { name: 'Dish Soap Lemon 500 ml', sku: 'DEMO-SOAP-LEMON', subCategory: 'Cleaning', brand: 'Northwind', shape: 'bottle', hue: 55, price: 2.4, cost: 0.9, stock: 70, reorder: 15, description: 'Cuts grease in cold water, with a fresh lemon scent.', unit: { name: 'ml', value: 500 } },
  { name: 'Laundry Powder 2 kg', sku: 'DEMO-LAUNDRY-2KG', subCategory: 'Cleaning', brand: 'Globex', shape: 'jar', hue: 210, price: 9.8, cost: 4.5, stock: 22, reorder: 5, description: 'About 40 washes, for whites and colours.', unit: { name: 'kg', value: 2 } },
  { name: 'Glass Cleaner Spray', sku: 'DEMO-GLASS-SPRAY', subCategory: 'Cleaning', brand: 'Acme', shape: 'bottle', hue: 195, price: 3.2, cost: 1.1, stock: 35, reorder: 8, description: 'Streak-free spray for windows and mirrors.', unit: { name: 'ml', value: 750 }, offer: 'percent' },
  { name: 'Smartphone Nova 5 (128 GB)', sku: 'DEMO-PHONE-NOVA5', subCategory: 'Phones', brand: 'Northwind', shape: 'phone', hue: 220, price: 299, cost: 210, stock: 9, reorder: 2, description: '6.4" display, 128 GB storage, dual camera and a battery that lasts two days.', vat: 'Import and supply', colours: ['Black', 'White'], gallery: 2 },
  { name: 'Smartphone Nova 5 Lite', sku: 'DEMO-PHONE-NOVA5L', subCategory: 'Phones', brand: 'Northwind', shape: 'phone', hue: 260, price: 199, cost: 140, stock: 14, reorder: 3, description: 'The lighter Nova with 64 GB and the same bright screen.', vat: 'Import and supply', colours: ['Black', 'Red'] },
  { name: 'Slim Phone Case', sku: 'DEMO-CASE-SLIM', subCategory: 'Phones', brand: 'Acme', shape: 'phone', hue: 330, price: 14.9, cost: 4, stock: 45, reorder: 10, description: 'A thin shock-absorbing case for the Nova 5.', colours: ['Black', 'White', 'Red'] },
  { name: 'USB-C Charger 20 W', sku: 'DEMO-CHARGER-20W', subCategory: 'Phones', brand: 'Globex', shape: 'jar', hue: 150, price: 19.5, cost: 8, stock: 30, reorder: 6, description: 'Fast charger for phones and earbuds, with a foldable plug.', colours: ['White'] },
  { name: 'Wireless Earbuds', sku: 'DEMO-EARBUDS', subCategory: 'Phones', brand: 'Globex', shape: 'earbuds', hue: 280, price: 49, cost: 26, stock: 2, reorder: 5, description: 'Bluetooth earbuds with a charging case and 20 hours of play.', vat: 'Import and supply', colours: ['White', 'Black'] },
  { name: 'Ultrabook 14', sku: 'DEMO-LAPTOP-14', subCategory: 'Laptops', brand: 'Northwind', shape: 'laptop', hue: 240, price: 849, cost: 640, stock: 5, reorder: 1, description: '14" laptop, 16 GB memory, 512 GB SSD and a backlit keyboard.', vat: 'Import and supply', gallery: 1 },
  { name: 'Laptop Sleeve', sku: 'DEMO-SLEEVE', subCategory: 'Laptops', brand: 'Acme', shape: 'laptop', hue: 300, price: 24, cost: 9, stock: 20, reorder: 4, description: 'Padded sleeve with a zip pocket for the charger.', colours: ['Black', 'Red'], sizes: ['S', 'M', 'L'], offer: 'percent' },
  { name: 'Wireless Mouse', sku: 'DEMO-MOUSE', subCategory: 'Laptops', brand: 'Globex', shape: 'earbuds', hue: 120, price: 17.5, cost: 7, stock: 28, reorder: 6, description: 'Quiet clicks, two-year battery life, USB receiver stored inside.', colours: ['Black', 'White'] },
  { name: 'USB-C Hub 6-in-1', sku: 'DEMO-HUB-6', subCategory: 'Laptops', brand: 'Northwind', shape: 'laptop', hue: 95, price: 34, cost: 15, stock: 16, reorder: 4, description: 'HDMI, two USB-A, SD card, micro SD and power pass-through.' },
  { name: 'Hand Cream Shea 75 ml', sku: 'DEMO-HANDCREAM', subCategory: 'Cosmetics', brand: 'Acme', shape: 'bottle', hue: 40, price: 5.9, cost: 2.2, stock: 55, reorder: 10, description: 'Rich shea butter cream that sinks in fast.', unit: { name: 'ml', value: 75 } },
  { name: 'Lip Balm Cherry', sku: 'DEMO-LIPBALM', subCategory: 'Cosmetics', brand: 'Globex', shape: 'bottle', hue: 350, price: 2.9, cost: 0.8, stock: 80, reorder: 20, description: 'Moisturising balm with a hint of cherry.', unit: { name: 'gm', value: 4.5 } },
  { name: 'Herbal Shampoo 250 ml', sku: 'DEMO-SHAMPOO', subCategory: 'Cosmetics', brand: 'Northwind', shape: 'bottle', hue: 100, price: 6.8, cost: 2.6, stock: 33, reorder: 8, description: 'Gentle everyday shampoo with rosemary and nettle.', unit: { name: 'ml', value: 250 }, gallery: 1 },
  { name: 'Face Wash Gel', sku: 'DEMO-FACEWASH', subCategory: 'Cosmetics', brand: 'Acme', shape: 'bottle', hue: 185, price: 7.5, cost: 3, stock: 26, reorder: 6, description: 'Foaming gel for all skin types.', unit: { name: 'ml', value: 150 } },
  { name: 'Body Lotion Almond 400 ml', sku: 'DEMO-LOTION', subCategory: 'Cosmetics', brand: 'Globex', shape: 'bottle', hue: 30, price: 8.9, cost: 3.4, stock: 24, reorder: 5, description: 'Light almond lotion for the whole family.', unit: { name: 'ml', value: 400 } },
];

/** The SKU of the demo product that is at its reorder level. */
export const demoLowStockSku = 'DEMO-EARBUDS';

/** Every demo product's pictures, drawn and encoded as an upload is (before any transaction). */
export async function demoProductImages(): Promise<Map<string, EncodedProductImages>> {
  const images = new Map<string, EncodedProductImages>();
  for (const p of demoProducts) {
    const upload = async (field: string, variant: number) => ({ field, filename: `${p.sku}.png`, data: await demoPicture(p.shape, p.hue, variant) });
    const gallery = [];
    for (let i = 1; i <= (p.gallery ?? 0); i++) gallery.push(await upload(productFileFields.gallery, i));
    images.set(p.sku, await encodeProductImages({ fields: {}, thumbnail: await upload(productFileFields.thumbnail, 0), gallery }));
  }
  return images;
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
    .where(inArray(s.discount.name, Object.values(demoDiscounts).map((d) => d.name)));
  const discountOf = new Map(discounts.map((d) => [d.name, d.id]));
  const ids = await idsByName(tx);
  const taken = new Set(
    (
      await tx
        .select({ sku: sql<string>`lower(${s.product.sku})` })
        .from(s.product)
        .where(inArray(sql`lower(${s.product.sku})`, demoProducts.map((p) => p.sku.toLowerCase())))
    ).map((r) => r.sku),
  );
  for (const p of demoProducts) {
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
