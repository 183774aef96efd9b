import { z } from 'zod';
import { out, recordOut } from './answers.ts';
import { productVariantOut } from './catalogue/variant-out.ts';
import { discountTypes } from './catalogue.ts';
import { maxId, money, numberField, optionalId, optionalLines, requiredText } from './fields.ts';
import { productRatingOut } from './shop/review.ts';

/** Most gallery images a product may hold (the thumbnail is separate). */
export const maxGalleryImages = 8;

/** Form field names of the product's files. */
export const productFileFields = { thumbnail: 'productThumbnailImage', gallery: 'images' } as const;

const wholeCount = numberField(
  (n) => n.int('must be a whole number').min(0, 'must not be negative').max(maxId, 'is too large'),
  'must be a whole number',
);

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
  description: optionalLines(5000),
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
 * PUT/POST /product/{id}: any of the shared fields, and the purchase price. Stock is not edited
 * here: it moves only through movements. An update may also reorder the gallery (`galleryOrder`:
 * its image ids in the new order; images left out are removed).
 *
 * `productPurchasePrice` is the product's average unit cost. Changing it revalues the stock on
 * hand at the new cost: the server records it as stock out at the old cost and back in at the new
 * one (two movements, reason `adjustment`, document `costChange`) and posts the difference between
 * Inventory and Stock Adjustment, so the books still equal the stock at cost. Later movements are
 * valued at the new cost until a purchase moves the average again.
 */
export const productUpdateInput = z
  .object(productFields)
  .partial()
  .extend({ productPurchasePrice: money.optional(), galleryOrder: idSet.optional() });
export type ProductUpdateInput = z.infer<typeof productUpdateInput>;

/** Fields an update refuses, with the reason a person reads. */
export const productUpdateRefused: Record<string, string> = {
  productQuantity: 'cannot be changed here; use an inventory adjustment',
};

/** The document type of the pair of movements a purchase price change writes (see {@link productUpdateInput}). */
export const costChangeDocument = 'costChange';

/** The documents a stock movement names (its `documentType`), one name each, as the server writes them. */
export const stockDocuments = {
  sale: 'saleInvoice',
  saleReturn: 'returnSaleInvoice',
  purchase: 'purchaseInvoice',
  purchaseReturn: 'returnPurchaseInvoice',
  adjust: 'adjust',
  /** A new product's opening stock (created by hand or by a CSV import). */
  product: 'product',
  costChange: costChangeDocument,
  /** A web order (reasons order and orderCancel). */
  cartOrder: 'cartOrder',
  /** A web order's return (reason orderReturn) and its replacement order's stock out (reason order, document cartOrder). */
  returnCartOrder: 'returnCartOrder',
} as const;

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

/** A product's own columns, as staff see them (cost and stock included). */
export const productColumnsOut = z.object({
  ...recordOut,
  name: out.text,
  sku: out.text,
  description: out.optionalText,
  /** The stored name of the display-size image. */
  productThumbnailImage: out.optionalText,
  productSubCategoryId: out.optionalId,
  productBrandId: out.optionalId,
  productQuantity: out.int,
  reorderQuantity: out.int,
  productSalePrice: out.money,
  /** Current average unit cost: staff holding `costPermission` only, never on a public answer. */
  productPurchasePrice: out.money.optional(),
  uomId: out.optionalId,
  uomValue: z.number().nullable(),
  productVatId: out.optionalId,
  discountId: out.optionalId,
});
export { type ProductVariant, productVariantOut } from './catalogue/variant-out.ts';
export type ProductColumns = z.infer<typeof productColumnsOut>;

/** The names a product row is shown with (joined once, never a query per row). */
const productNames = { productSubCategoryName: out.optionalText, productCategoryId: out.optionalId, productBrandName: out.optionalText };
/** The URLs of the product's main image: the list thumbnail and the display size. */
const mainImage = { productThumbnailImageUrl: out.optionalText, productImageUrl: out.optionalText };

/** A row of the staff product list. */
export const productRowOut = productColumnsOut.extend({
  ...productNames,
  ...mainImage,
  lowStock: out.status,
  /** 'true' when it sells by its variants (a line must name one). */
  hasVariants: out.status.optional(),
  /** Its variants with their stock (the till's finder lists them under the product). */
  variants: z.array(productVariantOut).optional(),
  /** The variant whose SKU or barcode the search key is (a scan): the till adds that one. */
  scannedVariantId: out.optionalId.optional(),
});
export type ProductRow = z.infer<typeof productRowOut>;

/**
 * What a product sold over a period (`salesStartDate`..`salesEndDate`, sale dates; all time without
 * them): completed till sales net of sale returns. Values are before VAT; profit is the sales value
 * less the average cost of the goods when sold.
 */
const salesFigures = { soldQuantity: out.int, salesValue: out.money, /** Only with `costPermission`. */ profit: out.money.optional() };

/** A row of `GET product?query=report`: with its stock values (quantity × price) and its sales. */
export const productReportRowOut = productRowOut.extend({ totalSalePrice: out.money, totalPurchasePrice: out.money, ...salesFigures });

export const productImageOut = z.object({ id: out.id, position: out.int, url: out.optionalText, thumbnailUrl: out.optionalText });
export const productColourOut = z.object({ id: out.id, name: out.text, colorCode: out.text });
export const productAttributeValueOut = z.object({
  id: out.id,
  name: out.text,
  productAttributeId: out.id,
  productAttributeName: out.text,
});
/** The gallery, colours and attribute values: on the staff and the public product page. */
const productParts = {
  images: z.array(productImageOut),
  colors: z.array(productColourOut),
  productAttributeValues: z.array(productAttributeValueOut),
};

export const stockMovementOut = z.object({
  id: out.id,
  productId: out.id,
  /** Signed: positive in, negative out. */
  quantity: out.int,
  reason: out.text,
  documentType: out.optionalText,
  documentId: out.optionalText,
  /** Only with `costPermission`. */
  unitCost: out.money.optional(),
  userId: out.optionalId,
  /** Who made it: first and last name, else the username; null when no user is recorded. */
  userName: out.optionalText,
  /** On-hand stock right after this movement (the running sum of every movement up to it). */
  balanceAfter: out.int,
  createdAt: out.timestamp,
});
export type StockMovement = z.infer<typeof stockMovementOut>;

/** GET product/{id} (and the answer of a create or update): the staff product page. */
export const productDetailOut = productRowOut.extend({
  vatPercentage: z.number().nullable(),
  ...productParts,
  productVat: z.object({ ...recordOut, title: out.text, percentage: z.number() }).nullable(),
  discount: z
    .object({ ...recordOut, name: out.text, type: z.enum(discountTypes), value: out.money, startDate: out.date, endDate: out.date })
    .nullable(),
  uom: z.object({ ...recordOut, name: out.text }).nullable(),
  /** The sale price with VAT, before any discount. */
  productSalePriceWithVat: out.money,
  /** 'true' when the attached discount runs on today's business date. */
  discountActive: out.status,
  /** What the running discount takes off one unit before VAT (0 when none runs). */
  discountAmount: out.money,
  /** What a customer pays for one unit today: the discount, then VAT (the contract's `unitPrice`). */
  finalPriceWithVat: out.money,
  /** The latest movements, newest first. */
  stockMovements: z.array(stockMovementOut),
  /** A product with variants: its stock not yet shared out to them (held before it was given variants). */
  unsharedQuantity: out.int.optional(),
});
export type ProductDetail = z.infer<typeof productDetailOut>;

/** `GET product?query=card`: counts and stock values, and what the products sold over the period. */
export const productCardOut = z.object({
  uniqueProduct: out.int,
  totalProductCount: out.int,
  inventorySalesValue: out.money,
  inventoryPurchaseValue: out.money,
  shortProductCount: out.int,
  ...salesFigures,
});
export type ProductCard = z.infer<typeof productCardOut>;

export const productListOut = z.object({ getAllProduct: z.array(productRowOut), totalProduct: out.int });
export const productReportOut = z.object({
  getAllProduct: z.array(productReportRowOut),
  aggregations: z.object({
    _sum: z.object({ productQuantity: out.int, totalSalePrice: out.money, totalPurchasePrice: out.money, ...salesFigures }),
  }),
});

/** The discount that applies to a product today, as the storefront sees it. */
export const activeDiscountOut = z.object({
  type: z.enum(discountTypes),
  value: out.money,
  startDate: out.date,
  endDate: out.date,
  /** What it takes off the price the shopper sees, VAT included (`productSalePriceWithVat` − `finalPriceWithVat`). */
  amountOff: out.money,
});
export type ActiveDiscount = z.infer<typeof activeDiscountOut>;

/**
 * What the storefront sees of a product: no cost, reorder level or pack size. Prices come from
 * `unitPrice` (pricing.ts) on today's business date.
 */
export const publicProductOut = z.object({
  ...recordOut,
  name: out.text,
  sku: out.text,
  description: out.optionalText,
  ...mainImage,
  /** The list thumbnail's URL again, under the name older clients (the spec's local cart line) read. */
  productThumbnailImage: out.optionalText,
  productSubCategoryId: out.optionalId,
  productSubCategoryName: out.optionalText,
  productCategoryId: out.optionalId,
  productBrandId: out.optionalId,
  productBrandName: out.optionalText,
  productQuantity: out.int,
  productSalePrice: out.money,
  productVatId: out.optionalId,
  /** 0 when the product has no VAT type. */
  vatPercentage: z.number(),
  /** The sale price with VAT before any discount (as the older system sends it). */
  productSalePriceWithVat: out.money,
  discountId: out.optionalId,
  /** The product's discount when it runs today, else null. */
  discount: activeDiscountOut.nullable(),
  /** What the shopper pays for one unit today: the discount taken off, then VAT. */
  finalPriceWithVat: out.money,
  createdAt: out.timestamp,
  ...productRatingOut,
  /** 'true' for a product sold by its variants (a colour and size are chosen on its page). */
  hasVariants: out.status.optional(),
  /** Sold by variants whose prices differ: the lowest a shopper pays today ("from $x"); absent otherwise. */
  priceFrom: out.money.optional(),
});
export type PublicProduct = z.infer<typeof publicProductOut>;

/**
 * 'true' when the signed-in shopper has the product on their wishlist, else 'false' (always for a visitor):
 * set per request on the way out, never kept with the cached answer.
 */
export const wishlistFlag = { isInWishlist: out.status };

export const publicProductListOut = z.object({ getAllProduct: z.array(publicProductOut.extend(wishlistFlag)), totalProduct: out.int });
export type PublicProductList = z.infer<typeof publicProductListOut>;

/** GET product/public/{id}: the list fields plus gallery, colours and attribute values. */
export const publicProductDetailOut = publicProductOut
  .extend(productParts)
  .extend(wishlistFlag)
  .extend({
    /** Its variants on sale, each with its stock and today's price (absent for a product without variants). */
    variants: z.array(productVariantOut).optional(),
  });
export type PublicProductDetail = z.infer<typeof publicProductDetailOut>;

/** Columns a product CSV import understands, in the order an export writes them. */
export const productCsvColumns = [
  'name',
  'sku',
  'description',
  'category',
  'subCategory',
  'brand',
  'uom',
  'uomValue',
  'vat',
  'productQuantity',
  'reorderQuantity',
  'productSalePrice',
  'productPurchasePrice',
  // a variant's row (issue 32): the SKU of the product it is a variant of, its colour, its attribute values and its barcode
  'variantOf',
  'colour',
  'attributeValues',
  'barcode',
] as const;
/** The columns only a file holding variants has. */
export const variantCsvColumns = ['variantOf', 'colour', 'attributeValues', 'barcode'] as const;
export type ProductCsvColumn = (typeof productCsvColumns)[number];
