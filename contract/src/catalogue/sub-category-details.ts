import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint } from '../endpoint.ts';

/** A sub-category as the storefront's menu shows it: its category and how many active products it holds. */
export const subCategoryDetailOut = z.object({
  id: out.id,
  name: out.text,
  productCategoryId: out.id,
  productCategory: z.object({ id: out.id, name: out.text }),
  /** Active products in the sub-category. */
  productCount: out.int,
});
export type SubCategoryDetail = z.infer<typeof subCategoryDetailOut>;

export const subCategoryDetailsOut = z.object({
  getAllProductSubCategory: z.array(subCategoryDetailOut),
  totalProductSubCategory: out.int,
});
export type SubCategoryDetails = z.infer<typeof subCategoryDetailsOut>;

/**
 * GET e-commerce/subcategory/sub-category-details (public): every active sub-category of an active
 * category, by category name then name, with its category and its count of active products.
 */
export const subCategoryDetailEndpoints = {
  details: endpoint({
    method: 'GET',
    path: 'e-commerce/subcategory/sub-category-details',
    access: 'public',
    answer: subCategoryDetailsOut,
  }),
};
