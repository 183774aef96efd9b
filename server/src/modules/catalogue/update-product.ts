import { maxGalleryImages, productFileFields, productUpdateInput, productUpdateRefused, type StatusText } from '@tillbook/contract';
import { and, count, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import { caller, found, parseBody } from '../../platform/route.ts';
import { rowKey, rowsMark } from '../../platform/sql-watch.ts';
import { withStoredFiles } from '../../platform/stored-files.ts';
import { product, productImage } from '../../schema/index.ts';
import { bodyFields } from './create-product.ts';
import { revalueStock } from './product-cost.ts';
import { productDetail } from './product-detail.ts';
import { encodeProductImages, type ProductForm, readProductForm, retireProductImages, storeProductImages } from './product-images.ts';
import { assertProductReferences, assertProductUnique, replaceProductLinks } from './product-rules.ts';

/** A product's stock not yet shared out to its variants. */
async function unsharedOf(tx: DbOrTx, productId: number, quantity: number): Promise<number> {
  const [held] = await rawRows<{ n: number }>(
    tx,
    sql`select coalesce(sum(product_quantity), 0)::int as n from product_variant where product_id = ${productId}`,
  );
  return quantity - Number(held!.n);
}

/**
 * PUT or POST /product/{id}, JSON or form data: a partial change. Stock is refused (400); a new
 * purchase price revalues the stock on hand (see {@link revalueStock}). Colour and attribute sets are replaced when sent; a new thumbnail replaces the
 * old one (removed after commit); `galleryOrder` (the gallery's image ids in the new order)
 * reorders it and removes the images it leaves out (files removed after commit); new gallery
 * images are appended, at most {@link maxGalleryImages} in all.
 */
export async function updateProductRoute(ctx: AppContext, req: FastifyRequest, id: number) {
  const form: ProductForm = req.isMultipart() ? await readProductForm(req, ctx) : { fields: bodyFields(req), gallery: [] };
  for (const [field, text] of Object.entries(productUpdateRefused)) {
    if (field in form.fields) throw fieldError(field, text);
  }
  const parsed = parseBody(productUpdateInput, form.fields);
  const values = Object.fromEntries(Object.entries(parsed).filter(([name]) => name in form.fields));
  if (Object.keys(values).length === 0 && !form.thumbnail && form.gallery.length === 0)
    throw badRequest('Nothing to update: send at least one field');
  const { colors, productAttributeValueId, galleryOrder, ...columns } = values as typeof parsed;

  const images = await encodeProductImages(form);
  await withStoredFiles(ctx, req, async (tx, files) => {
    const [current] = await tx.select().from(product).where(eq(product.id, id)).for('update');
    found(current, 'Product');
    await assertProductReferences(tx, values);
    await assertProductUnique(tx, { sku: columns.sku }, id);
    const { thumbnail, gallery } = await storeProductImages(files, images);
    if (columns.productPurchasePrice !== undefined) {
      await revalueStock(tx, {
        productId: id,
        sku: columns.sku ?? current!.sku,
        // a product sold by variants: only its stock not shared out to them is valued at its own cost (issue 32)
        onHand: current!.hasVariants ? await unsharedOf(tx, id, current!.productQuantity) : current!.productQuantity,
        unshared: current!.hasVariants,
        oldCost: current!.productPurchasePrice,
        newCost: columns.productPurchasePrice,
        userId: caller(req).id,
        clock: ctx.config.clock,
      });
    }
    // the database's clock, as every change time a till's copy of the catalogue is read by (till-catalogue.ts)
    const changes: ProductChanges = { ...columns, updatedAt: sql`now()` };
    if (thumbnail) {
      changes.productThumbnailImage = thumbnail;
      retireProductImages(files, [current!.productThumbnailImage]);
    }
    await writeProduct(tx, id, changes, !thumbnail && !colors && !productAttributeValueId && !galleryOrder && !gallery.length);
    await replaceProductLinks(tx, id, { colors, productAttributeValueId });
    if (galleryOrder) retireProductImages(files, await reorderGallery(tx, id, galleryOrder));
    if (gallery.length) {
      const [held] = await tx
        .select({ n: count(), last: max(productImage.position) })
        .from(productImage)
        .where(and(eq(productImage.productId, id), eq(productImage.status, true)));
      if (Number(held?.n ?? 0) + gallery.length > maxGalleryImages) {
        throw fieldError(
          productFileFields.gallery,
          `would make ${Number(held?.n ?? 0) + gallery.length} images; a product holds at most ${maxGalleryImages}`,
        );
      }
      const start = held?.last === null || held?.last === undefined ? 0 : Number(held.last) + 1;
      await tx.insert(productImage).values(gallery.map((imageName, i) => ({ productId: id, imageName, position: start + i })));
    }
  });
  return productDetail(ctx.db, id, ctx.config.clock);
}

/** What a price change writes: the sale price, the VAT rate, the discount (write-notices.ts names their columns). */
const priceFields = new Set<string>(['productSalePrice', 'productVatId', 'discountId', 'updatedAt']);

/**
 * Writes the product's columns. A change of nothing but its price (`onlyColumns`: no pictures or sets with it)
 * is counted by the watch as `product_price` and names the product's row (sql-watch.ts), as other servers
 * hear it (write-notices.ts): the shopper's answers about this product go, and the lists ordered or filtered
 * by price, while the rest of the catalogue's kept answers stay.
 */
async function writeProduct(tx: DbOrTx, id: number, changes: ProductChanges, onlyColumns: boolean) {
  const update = tx.update(product).set(changes).where(eq(product.id, id));
  if (!onlyColumns || !Object.keys(changes).every((name) => priceFields.has(name))) return update;
  await tx.execute(sql`/*watch-as product=product_price*/ ${update.getSQL()}`);
  await tx.execute(sql.raw(rowsMark([rowKey('product', id)])));
}

/** Puts the gallery in the given order and deletes the rows it leaves out; answers their file names. */
async function reorderGallery(tx: DbOrTx, productId: number, order: number[]): Promise<string[]> {
  const held = await tx
    .select({ id: productImage.id, imageName: productImage.imageName })
    .from(productImage)
    .where(and(eq(productImage.productId, productId), eq(productImage.status, true)));
  const ids = new Set(held.map((image) => image.id));
  const strangers = order.filter((imageId) => !ids.has(imageId));
  if (strangers.length) throw fieldError('galleryOrder', `holds images that are not in this product's gallery: ${strangers.join(', ')}`);
  for (const [position, imageId] of order.entries()) {
    await tx.update(productImage).set({ position }).where(eq(productImage.id, imageId));
  }
  const leaving = held.filter((image) => !order.includes(image.id));
  if (leaving.length)
    await tx.delete(productImage).where(
      inArray(
        productImage.id,
        leaving.map((image) => image.id),
      ),
    );
  return leaving.map((image) => image.imageName);
}

type ProductChanges = { [K in keyof typeof product.$inferInsert]?: (typeof product.$inferInsert)[K] | SQL };

/** PATCH /product/{id} {status}: hide ('false') or show ('true'). */
export async function setProductStatus(db: DbOrTx, id: number, status: StatusText) {
  const [row] = await db
    .update(product)
    .set({ status: status === 'true', updatedAt: sql`now()` })
    .where(eq(product.id, id))
    .returning();
  return found(row, 'Product');
}
