import { maxUnpaged, subCategoryDetailEndpoints } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { rawRows } from '../../platform/queries.ts';
import type { RouteDef } from '../../platform/route.ts';

interface DetailRow {
  id: number;
  name: string;
  category_id: number;
  category_name: string;
  product_count: number;
  total: number;
}

/**
 * The active sub-categories of active categories, by category then name, each with its count of active
 * products, in one statement (at most `maxUnpaged`; the total counts them all).
 */
export async function subCategoryDetails(db: DbOrTx) {
  const rows = await rawRows<DetailRow>(
    db,
    sql`select s.id, s.name, c.id as category_id, c.name as category_name,
        (select count(*) from product p where p.product_sub_category_id = s.id and p.status)::int as product_count,
        (count(*) over ())::int as total
      from product_sub_category s join product_category c on c.id = s.product_category_id
      where s.status and c.status
      order by c.name, c.id, s.name, s.id
      limit ${maxUnpaged}`,
  );
  return {
    getAllProductSubCategory: rows.map((r) => ({
      id: r.id,
      name: r.name,
      productCategoryId: r.category_id,
      productCategory: { id: r.category_id, name: r.category_name },
      productCount: Number(r.product_count),
    })),
    totalProductSubCategory: Number(rows[0]?.total ?? 0),
  };
}

/**
 * GET e-commerce/subcategory/sub-category-details: the storefront's menu asks on every page, so the
 * answer is kept until a category, a sub-category or a product is written (a sale moves stock, which is
 * counted apart, so it keeps it).
 */
export function subCategoryDetailRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, subCategoryDetailEndpoints.details, async () => subCategoryDetails(ctx.db), {
      cache: { tables: ['product_category', 'product_sub_category', 'product', 'product_price'], key: () => 'all', bytes: 4 * 1024 * 1024 },
    }),
  ];
}
