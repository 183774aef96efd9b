import { categoryTreeOut } from '@tillbook/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { conventionWhere, type ListQuery, orderBy, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import type { ResourceDefinition } from '../../platform/resource-factory.ts';
import { productCategory, productSubCategory } from '../../schema/index.ts';
import { answerBy } from './answer-by.ts';

/** Alphabetical unless the caller asked for an order. */
const byNameUnlessSorted = (q: ListQuery): ListQuery => (q.sort ? q : { ...q, sort: 'name', order: 'asc' });

/**
 * Categories with their sub-categories: `?query=categoryWithSubcategory` for the admin (every
 * sub-category, with its status) and the public list for the storefront (active categories with
 * their active sub-categories).
 */
export function categoryModes(ctx: AppContext): Partial<ResourceDefinition> {
  const present = answerBy(ctx, categoryTreeOut, 'GET product-category (categories with sub-categories)');
  async function tree(q: ListQuery, onlyActiveChildren: boolean) {
    const where = whereAll(
      conventionWhere(q, { status: productCategory.status, search: [productCategory.name], date: productCategory.createdAt }),
    );
    const rows = paged(
      ctx.db
        .select()
        .from(productCategory)
        .where(where)
        .orderBy(...orderBy(q, productCategory, productCategory.name))
        .$dynamic(),
      q,
    );
    const [categories, [total]] = await Promise.all([rows, ctx.db.select({ n: count() }).from(productCategory).where(where)]);
    const ids = categories.map((c) => c.id);
    const children = ids.length
      ? await ctx.db
          .select()
          .from(productSubCategory)
          .where(
            and(inArray(productSubCategory.productCategoryId, ids), onlyActiveChildren ? eq(productSubCategory.status, true) : undefined),
          )
          .orderBy(asc(productSubCategory.name), asc(productSubCategory.id))
      : [];
    const withChildren = categories.map((c) => ({ ...c, productSubCategory: children.filter((s) => s.productCategoryId === c.id) }));
    return present({ getAllProductCategory: withChildren, totalProductCategory: Number(total?.n ?? 0) });
  }
  return {
    modes: { categoryWithSubcategory: (_req, q) => tree(byNameUnlessSorted(q), false) },
    publicList: (_req, q) => tree(q, true),
    // the storefront asks for the tree on every page: its bytes kept per address until a category is written
    publicKeptUntil: ['product_category', 'product_sub_category'],
  };
}
