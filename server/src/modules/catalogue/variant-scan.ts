import { eq, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { product, productVariant } from '../../schema/index.ts';
import { productRowQuery, productView } from './product-detail.ts';
import { variantsFromJson, variantsJsonColumn, variantsOf } from './variant-read.ts';

type Row = ReturnType<typeof productView>;

/** Could the key be a code a scanner typed (no blank in it)? A name typed with words is not looked up as one. */
const mayBeCode = (key: string) => key.length > 0 && !/\s/.test(key);

type Scanned = Row & { scannedVariantId: number; variants: Awaited<ReturnType<typeof variantsOf>> };

/** The product of the variant `code` finds (by id, SKU or barcode), naming it, with all its variants: one statement. */
async function scannedProduct(db: DbOrTx, code: SQL | undefined): Promise<Scanned | undefined> {
  const [hit] = await productRowQuery(db, { scannedVariantId: productVariant.id, variantsJson: variantsJsonColumn })
    .innerJoin(productVariant, eq(productVariant.productId, product.id))
    .where(code)
    .limit(1);
  if (!hit) return undefined;
  const { scannedVariantId, variantsJson, ...row } = hit;
  return { ...productView(row), scannedVariantId, variants: variantsFromJson(variantsJson) };
}

/** A barcode as scanners read them (EAN-8 … GTIN-14): all digits, 8 to 14 of them. */
const barcodeShape = /^\d{8,14}$/;

/**
 * A scanned barcode that is a variant's (issue 32): its product, naming the variant, alone on the page, without
 * the search by name and SKU (which no barcode matches, and which costs most of a scan at 100,000 products).
 * Undefined for any other key, or a barcode no variant has: the search runs as for any key.
 */
export async function barcodeScan(db: DbOrTx, key: string, onSaleOnly: boolean): Promise<Scanned | undefined> {
  if (!barcodeShape.test(key)) return undefined;
  const found = await scannedProduct(db, eq(productVariant.barcode, key));
  return found && (!onSaleOnly || found.status) ? found : undefined;
}

/**
 * A search page as the till's finder shows it (issue 32): when the key is exactly a variant's SKU or barcode,
 * the variant's product first (once), naming the scanned variant; and every product on the page that sells by
 * variants with its variants and their stock. The search's own statement tells the scanned variant beside its
 * rows (`scannedVariantId`); only an empty page (a barcode no product's name or SKU holds) or a variant whose
 * product is not on the page costs a statement more, and only a page holding products with variants another.
 */
export async function withVariants(
  db: DbOrTx,
  key: string,
  found: { rows: Row[]; scanned?: { id: number; productId: number } },
  firstPage: boolean,
): Promise<{ rows: Row[]; scanned: boolean }> {
  let page: (Row & { scannedVariantId?: number; variants?: Awaited<ReturnType<typeof variantsOf>> })[] = found.rows;
  let scanned = false;
  const owner = found.scanned && found.rows.find((r) => r.id === found.scanned!.productId);
  if (firstPage && owner) {
    page = [{ ...owner, scannedVariantId: found.scanned!.id }, ...found.rows.filter((r) => r !== owner)];
    scanned = true;
  } else if (firstPage && (found.scanned || (found.rows.length === 0 && mayBeCode(key)))) {
    const code = found.scanned ? eq(productVariant.id, found.scanned.id) : or(eq(productVariant.sku, key), eq(productVariant.barcode, key));
    const hit = await scannedProduct(db, code);
    if (hit) {
      page = [hit, ...found.rows];
      scanned = true;
    }
  }
  const owners = page.filter((r) => r.hasVariants && !r.variants).map((r) => r.id);
  if (!owners.length) return { rows: page, scanned };
  const variants = await variantsOf(db, owners);
  return {
    rows: page.map((r) => (r.hasVariants && !r.variants ? { ...r, variants: variants.filter((v) => v.productId === r.id) } : r)),
    scanned,
  };
}
