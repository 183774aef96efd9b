import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { conventionWhere, orderBy, paging, whereAll, type ListQuery } from '../../platform/list-query.ts';
import type { ResourceDefinition } from '../../platform/resource-factory.ts';
import { toWireList } from '../../platform/wire.ts';
import { productCategory, productSubCategory } from '../../schema/index.ts';
import { count } from 'drizzle-orm';

/**
 * Categories with their sub-categories: `?query=categoryWithSubcategory` for the admin and the
 * public list for the storefront (active categories with their active sub-categories).
 */
export function categoryModes(ctx: AppContext): Partial<ResourceDefinition> {
  async function tree(q: ListQuery, onlyActiveChildren: boolean) {
    const where = whereAll(conventionWhere(q, { status: productCategory.status, search: [productCategory.name], date: productCategory.createdAt }));
    const [categories, [total]] = await Promise.all([
      ctx.db.select().from(productCategory).where(where).orderBy(...orderBy(q, productCategory, productCategory.name)).$dynamic()
        .limit(paging(q).limit ?? 1_000_000).offset(paging(q).offset ?? 0),
      ctx.db.select({ n: count() }).from(productCategory).where(where),
    ]);
    const ids = categories.map((c) => c.id);
    const children = ids.length
      ? await ctx.db.select().from(productSubCategory)
          .where(and(inArray(productSubCategory.productCategoryId, ids), onlyActiveChildren ? eq(productSubCategory.status, true) : undefined))
          .orderBy(asc(productSubCategory.name))
      : [];
    const rows = categories.map((c) => ({ ...c, productSubCategory: children.filter((s) => s.productCategoryId === c.id) }));
    return { getAllProductCategory: toWireList(rows), totalProductCategory: total?.n ?? 0 };
  }
  return {
    modes: { categoryWithSubcategory: (_req, q) => tree(q, false) },
    publicList: (_req, q) => tree({ ...q, order: q.sort ? q.order : 'asc' }, true),
  };
}
