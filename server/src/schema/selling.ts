import { saleLifecycle } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';
import { customer, users } from './identity.ts';
import { product } from './product.ts';

/**
 * A till sale. Its number is its id, from the table's identity sequence. Figures stored here are the
 * sale as made; paid, due and returns are derived from the ledger. `state` moves only through
 * saleLifecycle; `status` is the spec's visibility flag (false once deleted or cancelled).
 */
export const saleInvoice = pgTable(
  'sale_invoice',
  {
    ...recordColumns,
    date: date().notNull(),
    state: closedText(saleLifecycle.states).notNull(),
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** Σ line net (after line discounts, before VAT). */
    totalAmount: moneyColumn().notNull(),
    totalTaxAmount: moneyColumn().notNull(),
    totalDiscountAmount: moneyColumn().notNull(),
    /** Σ line net − Σ cost at the average cost when sold. */
    profit: moneyColumn().notNull(),
    note: text(),
  },
  (t) => [
    inSet('sale_invoice_state', t.state, saleLifecycle.states),
    index().on(t.customerId),
    index().on(t.date),
    // a user's page lists their newest sales (GET user/{id}): read in order, never by scanning every sale
    index().on(t.userId, t.id),
  ],
);

/** One product line of a sale: prices and VAT as the server priced them on the sale's date. */
export const saleInvoiceProduct = pgTable(
  'sale_invoice_product',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer()
      .notNull()
      .references(() => saleInvoice.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
    productQuantity: integer().notNull(),
    /** Unit price before VAT, after the catalogue discount of the day. */
    productUnitSalePrice: moneyColumn().notNull(),
    /** An amount for the whole line, before VAT. */
    productDiscount: moneyColumn().notNull(),
    /** quantity × unit price − line discount (before VAT). */
    productFinalAmount: moneyColumn().notNull(),
    /** VAT percent. */
    tax: moneyColumn().notNull(),
    taxAmount: moneyColumn().notNull(),
    /** The product's average cost when sold. */
    unitCost: moneyColumn().notNull(),
  },
  (t) => [
    check('sale_line_quantity_positive', sql`${t.productQuantity} > 0`),
    check('sale_line_amounts', sql`${t.productDiscount} >= 0 and ${t.productFinalAmount} >= 0`),
    index().on(t.invoiceId),
  ],
);

/**
 * Goods a customer brings back from one completed sale. Values are the sale line's, prorated; the
 * money handed back at once is `instantReturnAmount`. Postings carry the sale's id (reference 3.7).
 */
export const returnSaleInvoice = pgTable(
  'return_sale_invoice',
  {
    ...recordColumns,
    date: date().notNull(),
    saleInvoiceId: integer()
      .notNull()
      .references(() => saleInvoice.id),
    /** Returned net, before VAT. */
    totalAmount: moneyColumn().notNull(),
    /** Returned VAT. */
    tax: moneyColumn().notNull().default(0),
    /** Money handed back to the customer with the return. */
    instantReturnAmount: moneyColumn().notNull().default(0),
    note: text(),
    invoiceMemoNo: text(),
    userId: integer()
      .notNull()
      .references(() => users.id),
  },
  (t) => [index().on(t.saleInvoiceId), index().on(t.date)],
);

/** One returned line: the sale line it comes from, the quantity, and the sale line's values prorated. */
export const returnSaleInvoiceProduct = pgTable(
  'return_sale_invoice_product',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer()
      .notNull()
      .references(() => returnSaleInvoice.id, { onDelete: 'cascade' }),
    saleInvoiceProductId: integer()
      .notNull()
      .references(() => saleInvoiceProduct.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
    productQuantity: integer().notNull(),
    /** The sale line's unit price (before VAT). */
    productUnitSalePrice: moneyColumn().notNull(),
    /** The sale line's net prorated to the quantity returned. */
    productFinalAmount: moneyColumn().notNull(),
    /** VAT percent. */
    tax: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    taxAmount: moneyColumn().notNull().default(0),
    /** The sale line's unit cost: the goods come back at the cost they left at. */
    unitCost: moneyColumn().notNull(),
  },
  (t) => [
    check('sale_return_quantity_positive', sql`${t.productQuantity} > 0`),
    index().on(t.invoiceId),
    index().on(t.saleInvoiceProductId),
  ],
);
