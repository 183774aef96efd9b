import { z } from 'zod';
import { out, recordOut } from './answers.ts';
import { dateOnly, money, numberField, optionalText } from './fields.ts';
import type { ResourceContract } from './resources.ts';

/** Closed set: how a catalogue discount takes money off a price. */
export const discountTypes = ['percentage', 'flat'] as const;
export type DiscountType = (typeof discountTypes)[number];

/**
 * Catalogue discounts: a percentage (at most 100) or a flat amount, valid from startDate to endDate
 * (whole days, inclusive). Served by the server's resource factory; the list also takes `active=true`
 * (today within the window) or `active=false`. The name is optional (the older system sends none):
 * left out or blank, it is made from the type and value ("10% off", see `discountDefaultName`).
 */
export const discountContract = {
  path: 'discount',
  entity: 'discount',
  listName: 'Discount',
  label: 'Discount',
  input: z.object({
    name: optionalText(80),
    type: z.enum(discountTypes, { error: "must be 'percentage' or 'flat'" }),
    value: money,
    startDate: dateOnly,
    endDate: dateOnly,
  }),
  deletion: 'soft',
  createMany: true,
  unique: ['name'],
  periods: [['startDate', 'endDate']],
  search: ['name'],
  sortable: ['name', 'value', 'startDate', 'endDate', 'createdAt'],
  titleField: 'name',
} satisfies ResourceContract;

export const discountListFilters = z.object({
  active: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
});

/** 'must be at most 100' when a percentage discount is above 100 %, else undefined. */
export function discountValueProblem(type: unknown, value: unknown): string | undefined {
  return type === 'percentage' && typeof value === 'number' && value > 100 ? 'must be at most 100 for a percentage' : undefined;
}

/** Storefront slider images: list keys and the form fields next to the `image` file. */
export const sliderImagesPath = 'slider-images';
export const sliderImagesListKeys = { rows: 'getAllSliderImages', total: 'totalSliderImages' } as const;
/** The width slider images are stored at (WebP); smaller images are not enlarged. */
export const sliderDisplayWidth = 1600;

/** A link the slide opens: an http(s) address or a path on this site ('/catalogue?brand=2'). */
export const linkUrl = optionalText(500).refine(
  (v) => v === null || /^\/(?!\/)\S*$/.test(v) || /^https?:\/\/[^\s/]+\S*$/i.test(v),
  'must be an http(s) address or a path starting with /',
);

export const sliderImageFields = z.object({
  linkUrl,
  index: numberField((n) => n.int('must be a whole number').min(0, 'must not be negative').max(100_000, 'is too large')).default(0),
  status: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('true'),
});
export type SliderImageFields = z.infer<typeof sliderImageFields>;

/** A slider image as answered: its stored name and the URL it is served at. */
export const sliderImageOut = z.object({
  ...recordOut,
  image: out.text,
  linkUrl: out.optionalText,
  index: out.int,
  imageUrl: out.optionalText,
});
export type SliderImage = z.infer<typeof sliderImageOut>;
export const sliderImageListOut = z.object({ [sliderImagesListKeys.rows]: z.array(sliderImageOut), [sliderImagesListKeys.total]: out.int });

/** Categories and sub-categories as the category modes answer them (public list, categoryWithSubcategory). */
export const subCategoryOut = z.object({ ...recordOut, name: out.text, productCategoryId: out.id });
export type SubCategory = z.infer<typeof subCategoryOut>;
export const categoryWithSubcategoriesOut = z.object({ ...recordOut, name: out.text, productSubCategory: z.array(subCategoryOut) });
export type CategoryWithSubcategories = z.infer<typeof categoryWithSubcategoriesOut>;
export const categoryTreeOut = z.object({ getAllProductCategory: z.array(categoryWithSubcategoriesOut), totalProductCategory: out.int });
export type CategoryTree = z.infer<typeof categoryTreeOut>;
export const subCategoryListOut = z.object({ getAllProductSubCategory: z.array(subCategoryOut), totalProductSubCategory: out.int });

/** The storefront's public brand and colour lists (the resource factory's public lists). */
export const brandOut = z.object({ ...recordOut, name: out.text });
export const colourOut = z.object({ ...recordOut, name: out.text, colorCode: out.text });
export const publicBrandListOut = z.object({ getAllProductBrand: z.array(brandOut), totalProductBrand: out.int });
export type PublicBrandList = z.infer<typeof publicBrandListOut>;
export const publicColourListOut = z.object({ getAllProductColor: z.array(colourOut), totalProductColor: out.int });
export type PublicColourList = z.infer<typeof publicColourListOut>;

/** Product reports: `GET product-reports?query=<one of these>`. */
export const productReportQueries = ['new-products', 'top-selling-products', 'oversold'] as const;
export type ProductReportQuery = (typeof productReportQueries)[number];
export const newProductListKeys = { rows: 'getAllNewProduct', total: 'totalNewProduct' } as const;
export const topSellingListKeys = { rows: 'getAllTopSellingProduct', total: 'totalTopSellingProduct' } as const;
export const oversoldListKeys = { rows: 'getAllOversold', total: 'totalOversold' } as const;
