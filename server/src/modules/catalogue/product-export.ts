import { costPermission, productCsvColumns, variantCsvColumns } from '@tillbook/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { ListQuery } from '../../platform/list-query.ts';
import { rawRows } from '../../platform/queries.ts';
import { holds } from '../../platform/route.ts';
import { product, productBrand, productCategory, productSubCategory, productVat, uom } from '../../schema/index.ts';
import { guardFormula, writeCsv } from './product-csv.ts';
import { type StaffFilters, sortColumns, staffWhere } from './product-list.ts';

/** A number as CSV text: money with two decimals, nothing for null. */
const amount = (n: number | null) => (n === null ? '' : n.toFixed(2));

/** The variants of these products, by product: their codes, stock, own price, cost, colour and value names. */
async function variantRows(db: AppContext['db'], productIds: readonly number[], most: number) {
  const byProduct = new Map<
    number,
    {
      sku: string;
      barcode: string | null;
      productQuantity: number;
      reorderQuantity: number;
      productSalePrice: number | null;
      productPurchasePrice: number;
      colour: string | null;
      values: string[];
    }[]
  >();
  if (!productIds.length) return byProduct;
  const rows = await rawRows<{
    product_id: number;
    sku: string;
    barcode: string | null;
    quantity: number;
    reorder: number;
    price: string | null;
    cost: string;
    colour: string | null;
    values: string[] | null;
  }>(
    db,
    sql`select v.product_id, v.sku, v.barcode, v.product_quantity as quantity, v.reorder_quantity as reorder,
        v.product_sale_price::text as price, v.product_purchase_price::text as cost, c.name as colour,
        (select array_agg(a.name order by a.product_attribute_id, a.id) from product_attribute_value a where a.id = any(v.attribute_value_ids)) as values
      from product_variant v left join colors c on c.id = v.color_id
      where v.product_id = any(${`{${productIds.join(',')}}`}::int[]) order by v.product_id, v.id limit ${most + 1}`,
  );
  for (const r of rows) {
    const list = byProduct.get(Number(r.product_id)) ?? [];
    list.push({
      sku: r.sku,
      barcode: r.barcode,
      productQuantity: Number(r.quantity),
      reorderQuantity: Number(r.reorder),
      productSalePrice: r.price === null ? null : Number(r.price),
      productPurchasePrice: Number(r.cost),
      colour: r.colour,
      values: r.values ?? [],
    });
    byProduct.set(Number(r.product_id), list);
  }
  return byProduct;
}

/**
 * GET /product/export?filters: the staff list with GET /product's filters, unpaged, as CSV with names
 * (not ids) for the references, so that the file can be imported again. At most `config.exportMaxRows`
 * products (EXPORT_MAX_ROWS, 20,000 by default; one more is read to tell): a longer list is a 400 naming `query`,
 * to be narrowed by the filters (a category, a brand, a status), never a file cut short without saying so. A role without the
 * cost permission gets the file without the purchase price column (an import leaves absent columns as they are).
 */
export async function productExport(ctx: AppContext, q: ListQuery<StaffFilters>, req: FastifyRequest, reply: FastifyReply) {
  const allowed = holds(req, costPermission) ? productCsvColumns : productCsvColumns.filter((c) => c !== 'productPurchasePrice');
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
  const variants = await variantRows(
    ctx.db,
    rows.filter((r) => r.p.hasVariants).map((r) => r.p.id),
    ctx.config.exportMaxRows - rows.length,
  );
  if (rows.length + [...variants.values()].reduce((n, list) => n + list.length, 0) > ctx.config.exportMaxRows)
    throw fieldError(
      'query',
      `may export at most ${ctx.config.exportMaxRows.toLocaleString('en')} rows a file (a product's variants are rows of their own): narrow this list with its filters`,
    );
  // the variants' columns only in a file that holds variants: a shop without them keeps its file as it was
  const columns = variants.size ? allowed : allowed.filter((c) => !(variantCsvColumns as readonly string[]).includes(c));
  const lines = rows.flatMap(({ p, ...names }) => {
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
      variantOf: '',
      colour: '',
      attributeValues: '',
      barcode: '',
    };
    // a product sold by variants: a row for each after its own, its stock, price and cost the variant's
    const own = (variants.get(p.id) ?? []).map((v) => {
      const row: typeof cells = {
        ...cells,
        sku: guardFormula(v.sku),
        productQuantity: v.productQuantity,
        reorderQuantity: v.reorderQuantity,
        productSalePrice: amount(v.productSalePrice),
        productPurchasePrice: amount(v.productPurchasePrice),
        variantOf: guardFormula(p.sku),
        colour: guardFormula(v.colour),
        attributeValues: guardFormula(v.values.join(' / ')),
        barcode: guardFormula(v.barcode),
      };
      return columns.map((c) => row[c]);
    });
    return [columns.map((c) => cells[c]), ...own];
  });
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="products.csv"')
    .header('cache-control', 'no-store');
  return writeCsv([[...columns], ...lines]);
}
