import { z } from 'zod';
import { maxId, money, numberField, optionalId, optionalText, requiredText } from './fields.ts';

/** Most gallery images a product may hold (the thumbnail is separate). */
export const maxGalleryImages = 8;

/** Form field names of the product's files. */
export const productFileFields = { thumbnail: 'productThumbnailImage', gallery: 'images' } as const;

const wholeCount = numberField((n) => n.int('must be a whole number').min(0, 'must not be negative').max(maxId, 'is too large'), 'must be a whole number');

/**
 * A set of ids sent as a comma list ('1,2'), a repeated form field (['1', '2']) or a JSON array.
 * Blank means the empty set.
 */
export const idSet = z.preprocess(
  (v) => {
    if (v === null || v === undefined) return v;
    const items = (Array.isArray(v) ? v : [v]).flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
    return items
      .map((item) => (typeof item === 'string' ? item.trim() : item))
      .filter((item) => item !== '')
      .map((item) => (typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item));
  },
  z
    .array(z.unknown(), { error: 'must be a list of ids' })
    .max(200, 'must hold at most 200 ids')
    .refine((ids) => ids.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= maxId), 'must hold only ids')
    .transform((ids) => [...new Set(ids as number[])]),
);

/** The fields a product's create and update share. */
const productFields = {
  name: requiredText(120),
  sku: requiredText(60),
  description: optionalText(5000),
  productSubCategoryId: optionalId,
  productBrandId: optionalId,
  reorderQuantity: wholeCount,
  productSalePrice: money,
  uomId: optionalId,
  uomValue: z.preprocess(
    (v) => (v === '' ? null : v),
    numberField((n) => n.min(0, 'must not be negative').max(999_999_999, 'is too large')).nullish(),
  ),
  productVatId: optionalId,
  discountId: optionalId,
  colors: idSet,
  productAttributeValueId: idSet,
};

/** POST /product: name and SKU required; opening stock and purchase price only here. */
export const productInput = z.object({
  ...productFields,
  reorderQuantity: wholeCount.optional(),
  productSalePrice: money.optional(),
  productQuantity: wholeCount.optional(),
  productPurchasePrice: money.optional(),
  colors: idSet.optional(),
  productAttributeValueId: idSet.optional(),
});
export type ProductInput = z.infer<typeof productInput>;

/**
 * PUT/POST /product/{id}: any of the shared fields. Stock and average cost are not edited here:
 * stock moves only through movements, and the cost follows purchases.
 */
/** An update may also reorder the gallery: its image ids in the new order; images left out are removed. */
export const productUpdateInput = z.object(productFields).partial().extend({ galleryOrder: idSet.optional() });
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;

/** Fields an update refuses, with the reason a person reads. */
export const productUpdateRefused: Record<string, string> = {
  productQuantity: 'cannot be changed here; use an inventory adjustment',
  productPurchasePrice: 'cannot be changed here; it follows purchases',
};

/** Sortable columns of the staff list. */
export const productSortable = ['name', 'sku', 'productQuantity', 'productSalePrice', 'createdAt'] as const;

/** `GET /product/public` sort by price. */
export const publicPriceSort = z.enum(['LowToHigh', 'HighToLow'], { error: "must be 'LowToHigh' or 'HighToLow'" });

/** `priceRange=min-max` (amounts with at most two decimals). */
export const priceRange = z
  .string()
  .regex(/^\d+(\.\d{1,2})?-\d+(\.\d{1,2})?$/, 'must be min-max, e.g. 10-50')
  .transform((text) => text.split('-').map(Number) as [number, number])
  .refine(([min, max]) => min <= max, 'must have min not above max');

/** What the storefront sees of a product: no cost, reorder level or pack size. */
export interface PublicProduct {
  id: number;
  name: string;
  sku: string;
  description: string | null;
  productThumbnailImageUrl: string | null;
  productImageUrl: string | null;
  productSubCategoryId: number | null;
  productSubCategoryName: string | null;
  productCategoryId: number | null;
  productBrandId: number | null;
  productBrandName: string | null;
  productQuantity: number;
  productSalePrice: number;
  productVatId: number | null;
  vatPercentage: number;
  productSalePriceWithVat: number;
  discountId: number | null;
  createdAt: string;
}

/** Columns a product CSV import understands, in the order an export writes them. */
export const productCsvColumns = [
  'name', 'sku', 'description', 'category', 'subCategory', 'brand', 'uom', 'uomValue', 'vat',
  'productQuantity', 'reorderQuantity', 'productSalePrice', 'productPurchasePrice',
] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];
