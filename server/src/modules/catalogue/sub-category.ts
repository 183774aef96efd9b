import { subCategoryListOut } from '@tillbook/contract';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { ResourceDefinition } from '../../platform/resource-factory.ts';
import { productCategory, productSubCategory } from '../../schema/index.ts';
import { answerBy } from './answer-by.ts';

/** The storefront's sub-categories: the active ones under an active category. */
export function subCategoryModes(ctx: AppContext): Partial<ResourceDefinition> {
  const present = answerBy(ctx, subCategoryListOut, 'GET product-sub-category/public');
  return {
    publicList: async (_req, q, list) => {
      const activeCategories = ctx.db.select({ id: productCategory.id }).from(productCategory).where(eq(productCategory.status, true));
      const { rows, total } = await list(ctx.db, q, [inArray(productSubCategory.productCategoryId, activeCategories)]);
      return present({ getAllProductSubCategory: rows, totalProductSubCategory: total });
    },
  };
}
