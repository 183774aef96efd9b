import { type ProductInput, productInput, toCents } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { caller, parseBody } from '../../platform/route.ts';
import { withStoredFiles } from '../../platform/stored-files.ts';
import { product, productImage } from '../../schema/index.ts';
import { post } from '../accounting/index.ts';
import { moveStock } from '../inventory/index.ts';
import { productDetail } from './product-detail.ts';
import { encodeProductImages, readProductForm, storeProductImages } from './product-images.ts';
import { assertProductReferences, assertProductUnique, replaceProductLinks } from './product-rules.ts';

export interface CreateProductContext {
  /** Who creates it: recorded on the opening stock movement. */
  userId?: number;
  /** Dates the opening stock's posting. */
  clock: Clock;
}

/** Images already stored in the caller's transaction (display names). */
export interface ProductImages {
  thumbnail?: string;
  gallery?: string[];
}

/**
 * Creates a product inside the caller's transaction: the row, its colour and attribute links, its
 * gallery, and the opening stock as a movement valued at the purchase price and posted to the
 * ledger (Dr Inventory / Cr Owner's equity). `input` has passed {@link productInput}.
 */
export async function createProduct(
  tx: DbOrTx,
  ctx: CreateProductContext,
  input: ProductInput,
  images: ProductImages = {},
): Promise<number> {
  await assertProductReferences(tx, input);
  await assertProductUnique(tx, input);
  const purchasePrice = input.productPurchasePrice ?? 0;
  const [row] = await tx
    .insert(product)
    .values({
      name: input.name,
      sku: input.sku,
      description: input.description,
      productThumbnailImage: images.thumbnail ?? null,
      productSubCategoryId: input.productSubCategoryId ?? null,
      productBrandId: input.productBrandId ?? null,
      reorderQuantity: input.reorderQuantity ?? 0,
      productSalePrice: input.productSalePrice ?? 0,
      productPurchasePrice: purchasePrice,
      uomId: input.uomId ?? null,
      uomValue: input.uomValue ?? null,
      productVatId: input.productVatId ?? null,
      discountId: input.discountId ?? null,
    })
    .returning({ id: product.id });
  const productId = row!.id;
  await replaceProductLinks(
    tx,
    productId,
    { colors: input.colors ?? [], productAttributeValueId: input.productAttributeValueId ?? [] },
    true,
  );
  const gallery = images.gallery ?? [];
  if (gallery.length) await tx.insert(productImage).values(gallery.map((imageName, position) => ({ productId, imageName, position })));
  const opening = input.productQuantity ?? 0;
  if (opening > 0) {
    await moveStock(tx, {
      productId,
      quantity: opening,
      reason: 'opening',
      documentType: 'product',
      documentId: productId,
      unitCost: purchasePrice,
      userId: ctx.userId,
    });
    await post(tx, [
      {
        date: await businessDate(tx, ctx.clock),
        debit: 'inventory',
        credit: 'ownerEquity',
        amount: opening * toCents(purchasePrice),
        particulars: `Opening stock ${input.sku}`,
        type: 'adjustment',
        relatedId: productId,
      },
    ]);
  }
  return productId;
}

/** Text fields of a JSON body or a multipart form. */
export function bodyFields(req: FastifyRequest): Record<string, unknown> {
  const body = req.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Send the product as a JSON object or form data');
  return body as Record<string, unknown>;
}

/**
 * POST /product. Input and images are checked before the transaction; the images are stored in
 * it, so a failure leaves neither a row nor a file.
 */
export async function createProductRoute(ctx: AppContext, req: FastifyRequest) {
  const form = req.isMultipart() ? await readProductForm(req, ctx) : { fields: bodyFields(req), thumbnail: undefined, gallery: [] };
  const input = parseBody(productInput, form.fields);
  const images = await encodeProductImages(form);
  const id = await withStoredFiles(ctx, req, async (tx, files) =>
    createProduct(tx, { userId: caller(req).id, clock: ctx.config.clock }, input, await storeProductImages(files, images)),
  );
  return productDetail(ctx.db, id, ctx.config.clock);
}
