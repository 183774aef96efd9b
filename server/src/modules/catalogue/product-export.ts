import { costPermission, productCsvColumns } from '@tillbook/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { ListQuery } from '../../platform/list-query.ts';
import { holds } from '../../platform/route.ts';
import { product, productBrand, productCategory, productSubCategory, productVat, uom } from '../../schema/index.ts';
import { guardFormula, writeCsv } from './product-csv.ts';
import { type StaffFilters, sortColumns, staffWhere } from './product-list.ts';

/** A number as CSV text: money with two decimals, nothing for null. */
const amount = (n: number | null) => (n === null ? '' : n.toFixed(2));

/**
 * GET /product/export?filters: the staff list with GET /product's filters, unpaged, as CSV with names
 * (not ids) for the references, so that the file can be imported again. At most `config.exportMaxRows`
 * products (EXPORT_MAX_ROWS, 20,000 by default; one more is read to tell): a longer list is a 400 naming `query`,
 * to be narrowed by the filters (a category, a brand, a status), never a file cut short without saying so. A role without the
 * cost permission gets the file without the purchase price column (an import leaves absent columns as they are).
 */
export async function productExport(ctx: AppContext, q: ListQuery<StaffFilters>, req: FastifyRequest, reply: FastifyReply) {
  const columns = holds(req, costPermission) ? productCsvColumns : productCsvColumns.filter((c) => c !== 'productPurchasePrice');
  const direction = q.order === 'asc' ? asc : desc;
  const column = sortColumns[(q.sort ?? 'createdAt') as keyof typeof sortColumns];
  const rows = await ctx.db
    .select({
      p: product,
      category: productCategory.name,
      subCategory: productSubCategory.name,
      brand: productBrand.name,
      uom: uom.name,
      vat: productVat.title,
    })
    .from(product)
    .leftJoin(productSubCategory, eq(productSubCategory.id, product.productSubCategoryId))
    .leftJoin(productCategory, eq(productCategory.id, productSubCategory.productCategoryId))
    .leftJoin(productBrand, eq(productBrand.id, product.productBrandId))
    .leftJoin(uom, eq(uom.id, product.uomId))
    .leftJoin(productVat, eq(productVat.id, product.productVatId))
    .where(staffWhere(q))
    .orderBy(direction(column), direction(product.id))
    .limit(ctx.config.exportMaxRows + 1);
  if (rows.length > ctx.config.exportMaxRows)
    throw fieldError(
      'query',
      `may export at most ${ctx.config.exportMaxRows.toLocaleString('en')} products a file: narrow this list with its filters (a category, a brand, a status)`,
    );
  const lines = rows.map(({ p, ...names }) => {
    const cells: Record<(typeof productCsvColumns)[number], string | number> = {
      name: guardFormula(p.name),
      sku: guardFormula(p.sku),
      description: guardFormula(p.description),
      category: guardFormula(names.category),
      subCategory: guardFormula(names.subCategory),
      brand: guardFormula(names.brand),
      uom: guardFormula(names.uom),
      uomValue: p.uomValue ?? '',
      vat: guardFormula(names.vat),
      productQuantity: p.productQuantity,
      reorderQuantity: p.reorderQuantity,
      productSalePrice: amount(p.productSalePrice),
      productPurchasePrice: amount(p.productPurchasePrice),
    };
    return columns.map((c) => cells[c]);
  });
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="products.csv"')
    .header('cache-control', 'no-store');
  return writeCsv([[...columns], ...lines]);
}
