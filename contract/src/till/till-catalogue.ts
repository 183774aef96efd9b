import { z } from 'zod';
import { out } from '../answers.ts';
import { discountTypes } from '../catalogue.ts';
import { endpoint } from '../endpoint.ts';
import { tillCustomersOut, tillCustomersQuery } from './till-customers.ts';

/**
 * A till's local copy of the catalogue (issue 33): what it needs to search, scan and price a sale offline. Read
 * in pages of the products changed since a cursor (`after`, opaque: the last page's), so that a till holding
 * the copy loads only what changed; the first load starts without one.
 */
export const tillCatalogueQuery = z.object({
  after: z.string().max(80, 'must be a cursor this answer gave').optional(),
  count: z.coerce.number({ error: 'must be a number' }).int().min(1).max(2000, 'must be at most 2000').default(500),
});

const discountOut = z.object({ type: z.enum(discountTypes), value: out.money, startDate: out.date, endDate: out.date });

/** A variant as the till sells it offline: its codes, its own price (null: the product's), its stock and its label ("Red / M"). */
export const tillCatalogueVariantOut = z.object({
  id: out.id,
  sku: out.text,
  barcode: out.optionalText,
  productSalePrice: out.money.nullable(),
  productQuantity: out.int,
  onSale: z.boolean(),
  label: out.text,
});

/** A product as the till prices it offline (`unitPrice`: its price, VAT and discount, the discount's dates decide). */
export const tillCatalogueProductOut = z.object({
  id: out.id,
  name: out.text,
  sku: out.text,
  productSalePrice: out.money,
  vatPercentage: out.money,
  discount: discountOut.nullable(),
  /** On hand when it last changed (the local copy's stock is "as last seen"). */
  productQuantity: out.int,
  /** false: no longer sold (the copy drops it). */
  onSale: z.boolean(),
  variants: z.array(tillCatalogueVariantOut),
});
export type TillCatalogueProduct = z.infer<typeof tillCatalogueProductOut>;

export const tillCatalogueOut = z.object({
  products: z.array(tillCatalogueProductOut),
  /** Where the next page starts (send it as `after`); kept by the till for its next load. */
  cursor: out.text,
  /** true: more changes wait beyond this page. */
  more: z.boolean(),
});
export type TillCatalogue = z.infer<typeof tillCatalogueOut>;

/** The stock the till's copy refreshes between product changes: pages of stock movements after the cursor's. */
export const tillStockQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a cursor this answer gave')
    .optional(),
  count: z.coerce.number({ error: 'must be a number' }).int().min(1).max(5000, 'must be at most 5000').default(2000),
});

/** A product's stock now, and its variants' (a product whose stock moved since the cursor). */
export const tillStockOut = z.object({
  stock: z.array(z.object({ id: out.id, productQuantity: out.int, variants: z.array(z.object({ id: out.id, productQuantity: out.int })) })),
  /** Where the next page starts (send it as `after`). Without `after`, the answer is only this: where the copy's stock stands now. */
  cursor: out.text,
  more: z.boolean(),
});
export type TillStock = z.infer<typeof tillStockOut>;

export const tillCatalogueEndpoints = {
  get: endpoint({
    method: 'GET',
    path: 'till/catalogue',
    access: 'create-saleInvoice',
    query: tillCatalogueQuery,
    answer: tillCatalogueOut,
  }),
  /** Issue 33: the products whose stock moved (a sale, a delivery, a count) since the till's stock cursor. */
  stock: endpoint({
    method: 'GET',
    path: 'till/stock',
    access: 'create-saleInvoice',
    query: tillStockQuery,
    answer: tillStockOut,
  }),
  /** Issue 33: the customers changed since the till's customer cursor, with what each owes. */
  customers: endpoint({
    method: 'GET',
    path: 'till/customers',
    access: 'create-saleInvoice',
    query: tillCustomersQuery,
    answer: tillCustomersOut,
  }),
};
