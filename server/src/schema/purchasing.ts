import { purchaseLifecycle } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';
import { users } from './identity.ts';
import { product } from './product.ts';
import { productVariant } from './variant.ts';

/** Suppliers: a plain resource (name, phone unique, e-mail unique when given). */
export const supplier = pgTable('supplier', {
  ...recordColumns,
  name: text().notNull(),
  phone: text().notNull().unique(),
  address: text(),
  email: text().unique(),
});

/**
 * A purchase invoice. totalAmount is the lines' sum without VAT, totalTax the VAT. Paid, due,
 * returned and paid back are the ledger's figures for it (reference 3.4, the AP side), kept by every
 * use case that posts for it in the same transaction (`keepInvoiceFigures`); zero once undone.
 * `state` is the lifecycle (active → undone); `status` follows it ('false' once undone).
 */
export const purchaseInvoice = pgTable(
  'purchase_invoice',
  {
    ...recordColumns,
    state: closedText(purchaseLifecycle.states).notNull().default(purchaseLifecycle.initial),
    date: date().notNull(),
    supplierId: integer()
      .notNull()
      .references(() => supplier.id),
    note: text(),
    supplierMemoNo: text(),
    invoiceMemoNo: text(),
    totalAmount: moneyColumn().notNull(),
    totalTax: moneyColumn().notNull(),
    paidAmount: moneyColumn().notNull(),
    dueAmount: moneyColumn().notNull(),
    returnAmount: moneyColumn().notNull().default(0),
    instantPaidReturnAmount: moneyColumn().notNull().default(0),
    userId: integer().references(() => users.id),
    /** The purchase's number (series `purchase`), taken as it is made. */
    number: integer(),
  },
  (t) => [
    inSet('purchase_invoice_state', t.state, purchaseLifecycle.states),
    index().on(t.supplierId),
    index().on(t.date),
    uniqueIndex().on(t.number),
  ],
);

export const purchaseInvoiceProduct = pgTable(
  'purchase_invoice_product',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer()
      .notNull()
      .references(() => purchaseInvoice.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => product.id),
    /** The variant moved, when the product has variants. */
    productVariantId: integer().references(() => productVariant.id),
    productQuantity: integer().notNull(),
    productUnitPurchasePrice: moneyColumn().notNull(),
    productUnitSalePrice: moneyColumn(),
    /** quantity × unit cost, without VAT */
    productFinalAmount: moneyColumn().notNull(),
    /** VAT percentage */
    tax: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    taxAmount: moneyColumn().notNull().default(0),
  },
  (t) => [check('purchase_line_quantity_positive', sql`${t.productQuantity} > 0`), index().on(t.invoiceId)],
);

/** A return of goods to the supplier, against one purchase invoice. */
export const returnPurchaseInvoice = pgTable(
  'return_purchase_invoice',
  {
    ...recordColumns,
    date: date().notNull(),
    purchaseInvoiceId: integer()
      .notNull()
      .references(() => purchaseInvoice.id),
    /** Returned value without VAT */
    totalAmount: moneyColumn().notNull(),
    /** Returned VAT */
    tax: moneyColumn().notNull().default(0),
    /** Money the supplier paid back at once */
    instantReturnAmount: moneyColumn().notNull().default(0),
    note: text(),
    invoiceMemoNo: text(),
    userId: integer().references(() => users.id),
    /** The return's number (series `purchaseReturn`), taken as it is made. */
    number: integer(),
  },
  (t) => [index().on(t.purchaseInvoiceId), uniqueIndex().on(t.number)],
);

export const returnPurchaseInvoiceProduct = pgTable(
  'return_purchase_invoice_product',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer()
      .notNull()
      .references(() => returnPurchaseInvoice.id, { onDelete: 'cascade' }),
    purchaseInvoiceProductId: integer()
      .notNull()
      .references(() => purchaseInvoiceProduct.id),
    productId: integer()
      .notNull()
      .references(() => product.id),
    /** The variant moved, when the product has variants. */
    productVariantId: integer().references(() => productVariant.id),
    productQuantity: integer().notNull(),
    productUnitPurchasePrice: moneyColumn().notNull(),
    productFinalAmount: moneyColumn().notNull(),
    tax: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    taxAmount: moneyColumn().notNull().default(0),
  },
  (t) => [check('purchase_return_quantity_positive', sql`${t.productQuantity} > 0`), index().on(t.invoiceId)],
);

/**
 * The sums of the purchase invoices per day, state and bucket (id % 16), kept by a trigger on
 * purchase_invoice (migration 0015): the list's count and sums read a row per day and bucket.
 */
export const purchaseDayTotals = pgTable(
  'purchase_day_totals',
  {
    date: date().notNull(),
    state: closedText(purchaseLifecycle.states).notNull(),
    bucket: integer().notNull(),
    invoices: integer().notNull().default(0),
    totalAmount: moneyColumn().notNull().default(0),
    totalTax: moneyColumn().notNull().default(0),
    paidAmount: moneyColumn().notNull().default(0),
    dueAmount: moneyColumn().notNull().default(0),
    returnAmount: moneyColumn().notNull().default(0),
    instantPaidReturnAmount: moneyColumn().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.date, t.state, t.bucket] }), inSet('purchase_day_totals_state', t.state, purchaseLifecycle.states)],
);
