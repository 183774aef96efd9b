import { z } from 'zod';
import { out } from '../answers.ts';
import { newProductListKeys, oversoldListKeys, topSellingListKeys } from '../catalogue.ts';
import { endpoint, fileAnswer, listQuery, multipart } from '../endpoint.ts';
import { dateOnly } from '../fields.ts';
import { idListFilter } from '../list-query.ts';
import {
  priceRange,
  productCardOut,
  productColumnsOut,
  productDetailOut,
  productListOut,
  productReportOut,
  productSortable,
  publicPriceSort,
  publicProductDetailOut,
  publicProductListOut,
  publicProductOut,
} from '../product.ts';
import { statusBody } from '../status.ts';
import { productImportActions, productImportQuery } from './product-csv.ts';

/**
 * The staff product list's own filters (GET product and GET product/export). `productId` picks
 * products by id (the product page's card); `salesStartDate`/`salesEndDate` are the period of the
 * sales figures of `query=card` and `query=report` (sale dates, both days included), while the
 * convention's startDate/endDate keep choosing products by when they were created.
 */
export const productListFilters = {
  productId: idListFilter.optional(),
  productCategoryId: idListFilter.optional(),
  productSubCategoryId: idListFilter.optional(),
  productBrandId: idListFilter.optional(),
  lowStock: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
  /** Exactly this code: the product's SKU, or one of its variants' SKU or barcode. */
  sku: z.string({ error: 'must be text' }).trim().min(1, 'must not be blank').max(120, 'is too long').optional(),
  salesStartDate: dateOnly.optional(),
  salesEndDate: dateOnly.optional(),
};
export type ProductListFilters = { [K in keyof typeof productListFilters]?: z.output<(typeof productListFilters)[K]> };

/** GET product: paged, `query=card` (counts and values), `query=search&key=`, `query=report` (unpaged, with sums). */
const productListQuery = listQuery({ sortable: productSortable, modes: ['card'], filters: productListFilters });

/**
 * GET product/public: its own filters and sorts. The storefront never chooses the status (only
 * active products) and `key` alone searches the name, so the server reads these itself rather
 * than through the list convention.
 */
export const publicProductQuery = {
  sortable: ['name', 'createdAt', 'productSalePrice'],
  filters: {
    productCategoryId: idListFilter.optional(),
    productSubCategoryId: idListFilter.optional(),
    productBrandId: idListFilter.optional(),
    color: idListFilter.optional(),
    /** Attribute values (a size): products holding one, or, sold by variants, with one on sale and in stock. */
    productAttributeValueId: idListFilter.optional(),
    priceRange: priceRange.optional(),
    price: publicPriceSort.optional(),
  },
} as const;

/** GET product answers by mode: the page of rows, the card, or the report with its sums. */
export const productListAnswer = z.union([productListOut, productReportOut, productCardOut]);
export type ProductListAnswer = z.infer<typeof productListAnswer>;
/** The paged (or searched) list, told apart from the card and the report. */
export const isProductPage = (answer: ProductListAnswer): answer is z.infer<typeof productListOut> => 'totalProduct' in answer;

/**
 * Products: the staff catalogue (stock, cost, images, movements) and the storefront's public view.
 * A create or update is form data (the thumbnail `productThumbnailImage`, the gallery `images` and
 * the text fields) or JSON; it answers the product page.
 */
export const productEndpoints = {
  publicList: endpoint({ method: 'GET', path: 'product/public', access: 'public', answer: publicProductListOut }),
  publicGet: endpoint({ method: 'GET', path: 'product/public/:id', access: 'public', answer: publicProductDetailOut }),
  list: endpoint({ method: 'GET', path: 'product', access: 'readAll-product', query: productListQuery, answer: productListAnswer }),
  get: endpoint({ method: 'GET', path: 'product/:id', access: 'readSingle-product', answer: productDetailOut }),
  create: endpoint({ method: 'POST', path: 'product', access: 'create-product', body: multipart, answer: productDetailOut, status: 201 }),
  /** Update: POST or PUT, the same change (the spec lets the file storage decide which one a client uses). */
  update: endpoint({ method: 'POST', path: 'product/:id', access: 'update-product', body: multipart, answer: productDetailOut }),
  replace: endpoint({ method: 'PUT', path: 'product/:id', access: 'update-product', body: multipart, answer: productDetailOut }),
  /** Hide ('false') or show ('true'). */
  setStatus: endpoint({ method: 'PATCH', path: 'product/:id', access: 'delete-product', body: statusBody, answer: productColumnsOut }),
};

const rowErrors = z.record(z.string(), z.string());
const action = z.enum(productImportActions);
/**
 * `POST product/import?query=preview[&mode=upsert]`: every row checked, nothing written. `ok` is a
 * JSON boolean; `action` says what the import would do with the row and `changes` which of its
 * columns differ from the product of its SKU (an update only).
 */
export const productImportPreviewOut = z.object({
  rows: z.array(
    z.object({
      line: out.int,
      ok: z.boolean(),
      action,
      changes: z.array(z.string()).optional(),
      errors: rowErrors.optional(),
      values: z.record(z.string(), z.string()),
    }),
  ),
  good: out.int,
  bad: out.int,
});
export type ProductImportPreview = z.infer<typeof productImportPreviewOut>;
/**
 * `POST product/import?[mode=upsert&]fromLine=&toLine=`: the rows taken (`imported` = created +
 * updated + unchanged) and the rows refused, with their reasons.
 */
export const productImportSummaryOut = z.object({
  imported: out.int,
  created: out.int,
  updated: out.int,
  unchanged: out.int,
  failed: z.array(z.object({ line: out.int, errors: rowErrors })),
});
export type ProductImportSummary = z.infer<typeof productImportSummaryOut>;
export const productImportAnswer = z.union([productImportPreviewOut, productImportSummaryOut]);

/**
 * Products in and out as CSV. Import: form data with the file `file` (or JSON {csv}), the query
 * {@link productImportQuery}: `query=preview` checks without writing, `mode=upsert` updates the
 * products whose SKU exists (create-only otherwise), `fromLine`/`toLine` import a slice of the
 * file's lines. Export: the staff list's filters, unpaged, as a file the import reads back.
 */
export const productCsvEndpoints = {
  import: endpoint({
    method: 'POST',
    path: 'product/import',
    access: 'create-product',
    body: multipart,
    query: productImportQuery,
    answer: productImportAnswer,
  }),
  export: endpoint({ method: 'GET', path: 'product/export', access: 'readAll-product', query: productListQuery, answer: fileAnswer }),
};

/** A new-products report row: the product without its cost, with its VAT and VAT-inclusive price. */
export const newProductRowOut = productColumnsOut.omit({ productPurchasePrice: true }).extend({
  productVat: z.number(),
  productSalePriceWithVat: out.money,
  productThumbnailImageUrl: out.optionalText,
});
export type NewProductRow = z.infer<typeof newProductRowOut>;

/**
 * A top-selling report row: the product as the storefront shows it (no cost, prices from the pricing
 * function) with its VAT percentage and the units sold over the period, net of sale returns.
 */
export const topSellingRowOut = publicProductOut.extend({
  productVat: z.number(),
  soldQuantity: out.int,
  /** A product sold by variants: what each of them sold over the period, most first (issue 32). */
  variants: z
    .array(
      z.object({ id: out.id, sku: out.text, colorId: out.optionalId, productAttributeValueId: z.array(out.id), soldQuantity: out.int }),
    )
    .optional(),
});
export type TopSellingRow = z.infer<typeof topSellingRowOut>;

export const newProductReportOut = z.object({ [newProductListKeys.rows]: z.array(newProductRowOut), [newProductListKeys.total]: out.int });
export const topSellingReportOut = z.object({
  [topSellingListKeys.rows]: z.array(topSellingRowOut),
  [topSellingListKeys.total]: out.int,
});
export type TopSellingReport = z.infer<typeof topSellingReportOut>;

/**
 * `oversold` (issue 33): the sale lines posted while their stock went below zero (an offline till sold what had
 * run out meanwhile), newest first, with the stock the goods have now: what the owner has to reorder or recount.
 */
export const oversoldRowOut = z.object({
  lineId: out.id,
  saleInvoiceId: out.id,
  number: out.optionalId,
  receiptReference: out.optionalText,
  date: out.date,
  productId: out.id,
  name: out.text,
  sku: out.text,
  productVariantId: out.optionalId,
  variantSku: out.optionalText,
  productQuantity: out.int,
  /** The stock of the product (or its variant) now. */
  stockNow: out.int,
});
export const oversoldReportOut = z.object({ [oversoldListKeys.rows]: z.array(oversoldRowOut), [oversoldListKeys.total]: out.int });
export type OversoldReport = z.infer<typeof oversoldReportOut>;

/**
 * Product reports: `query` names the report (one of productReportQueries, checked by the server,
 * which names the parameter when it is missing or unknown); search, sub-category and brand filters.
 * `top-selling-products`: active products by units sold (completed till sales net of sale returns, sale
 * dates within startDate..endDate), most first. Both need staff with readAll-productReports: the older
 * system served top sellers publicly, but units sold are the shop's own business, not a visitor's.
 */
export const productReportEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'product-reports',
    access: 'readAll-productReports',
    answer: z.union([newProductReportOut, topSellingReportOut, oversoldReportOut]),
  }),
};
