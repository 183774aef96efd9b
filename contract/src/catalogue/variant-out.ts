import { z } from 'zod';
import { out, recordOut } from '../answers.ts';

/** What a variant answers. */
export const productVariantOut = z.object({
  ...recordOut,
  productId: out.id,
  colorId: out.optionalId,
  productAttributeValueId: z.array(out.id),
  sku: out.text,
  barcode: out.optionalText,
  productQuantity: out.int,
  reorderQuantity: out.int,
  productSalePrice: out.money.nullable(),
  finalPriceWithVat: out.money,
  /** The gallery picture shown when the variant is picked (null: the product's own). */
  productImageId: out.optionalId,
  /** On the staff product page: units sold, net of returns, over all time. */
  soldQuantity: out.int.optional(),
});
export type ProductVariant = z.infer<typeof productVariantOut>;
