import { saleLifecycle, saleOrderStatuses } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';
import { customer, users } from './identity.ts';
import { product } from './product.ts';
import { tillSession } from './till.ts';
import { productVariant } from './variant.ts';

/**
 * A till sale. Its `number` is the invoice number: taken from the sale series when it completes (a held
 * or cancelled sale has none), without gaps; the id is only a key. Totals, VAT, discount and
 * profit are the sale as made. Paid, due, returned and refunded are the ledger's figures for the sale
 * (reference 3.4), kept here by every use case that posts for it, in the same transaction
 * (`keepInvoiceFigures`), so a list reads them without the ledger; zero unless completed. `state`
 * moves only through saleLifecycle; `status` is the spec's visibility flag (false once deleted or cancelled).
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
    /** Σ line net (after line discounts and the sale's discount, before VAT). */
    totalAmount: moneyColumn().notNull(),
    totalTaxAmount: moneyColumn().notNull(),
    /** Σ line discounts + the sale's discount. */
    totalDiscountAmount: moneyColumn().notNull(),
    /** A discount on the whole sale, before VAT, shared over the lines (each line's share is its saleDiscount). */
    saleDiscount: moneyColumn().notNull().default(0),
    /** Σ line net − Σ cost at the average cost when sold. */
    profit: moneyColumn().notNull(),
    note: text(),
    /** Kept from the ledger: Σ payments (AR credits of type sale). */
    paidAmount: moneyColumn().notNull().default(0),
    /** Kept from the ledger: total with VAT − returned − paid + refunded. */
    dueAmount: moneyColumn().notNull().default(0),
    /** Kept from the ledger: returned value with VAT (AR credits of type saleReturn). */
    returnAmount: moneyColumn().notNull().default(0),
    /** Kept from the ledger: money handed back on returns (AR debits of type saleReturn). */
    instantPaidReturnAmount: moneyColumn().notNull().default(0),
    /** The reference's sale fields (3.3), as the till or an older client sends them. */
    invoiceMemoNo: text(),
    dueDate: date(),
    termsAndConditions: text(),
    address: text(),
    orderStatus: closedText(saleOrderStatuses).notNull().default('PENDING'),
    /** The invoice number (series `sale`), null until the sale completes. */
    number: integer(),
    /** The till session it was sold in (issue 31); null for a sale made outside the till's day. */
    tillSessionId: integer().references(() => tillSession.id),
    /**
     * Issue 33: the till's own reference for a sale it made (e.g. `T1-20261127-0042`), printed on the receipt
     * before the server gave the number; unique. With the device's time it was sold at (`soldAt`), and whether it
     * arrived after its session had closed (`late`: posted into that session, counted apart in its Z).
     */
    receiptReference: text(),
    soldAt: timestamp({ withTimezone: true }),
    late: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('sale_invoice_receipt_reference').on(t.receiptReference).where(sql`${t.receiptReference} is not null`),
    inSet('sale_invoice_state', t.state, saleLifecycle.states),
    inSet('sale_invoice_order_status', t.orderStatus, saleOrderStatuses),
    index().on(t.customerId),
    index().on(t.date),
    uniqueIndex().on(t.number),
    // a user's page lists their newest sales (GET user/{id}): read in order, never by scanning every sale
    index().on(t.userId, t.id),
    index().on(t.tillSessionId).where(sql`${t.tillSessionId} is not null`),
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
    /** The variant moved, when the product has variants. */
    productVariantId: integer().references(() => productVariant.id),
    productQuantity: integer().notNull(),
    /** Unit price before VAT, after the catalogue discount of the day. */
    productUnitSalePrice: moneyColumn().notNull(),
    /** An amount for the whole line, before VAT. */
    productDiscount: moneyColumn().notNull(),
    /** quantity × unit price − line discount − its share of the sale's discount (before VAT). */
    productFinalAmount: moneyColumn().notNull(),
    /** The line's share of the sale's discount (shareDiscount over the lines' nets), before VAT. */
    saleDiscount: moneyColumn().notNull().default(0),
    /** VAT percent. */
    tax: moneyColumn().notNull(),
    taxAmount: moneyColumn().notNull(),
    /** The product's average cost when sold. */
    unitCost: moneyColumn().notNull(),
    /** Issue 33: sold while its stock went below zero (an offline till's sale posted after the stock ran out). */
    oversold: boolean().notNull().default(false),
  },
  (t) => [
    check('sale_line_quantity_positive', sql`${t.productQuantity} > 0`),
    check('sale_line_amounts', sql`${t.productDiscount} >= 0 and ${t.productFinalAmount} >= 0`),
    index().on(t.invoiceId),
    // the few lines sold below zero, for the oversold report and the dashboard
    index('sale_invoice_product_oversold').on(t.id).where(sql`${t.oversold}`),
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
    /** The return's number (series `saleReturn`), taken as it is made. */
    number: integer(),
    /** The till session it was made in (issue 31); null outside the till's day. */
    tillSessionId: integer().references(() => tillSession.id),
  },
  (t) => [
    index().on(t.saleInvoiceId),
    index().on(t.date),
    uniqueIndex().on(t.number),
    index().on(t.tillSessionId).where(sql`${t.tillSessionId} is not null`),
  ],
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
    /** The variant moved, when the product has variants. */
    productVariantId: integer().references(() => productVariant.id),
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

/**
 * The sums of the listed sales (completed and undone) per day, state and bucket (the sale's id % 16,
 * so tills selling at once seldom wait on one row), kept by a trigger on sale_invoice (migration 0015)
 * in the transaction of every change to a sale: the list's count, sums and graph read a row per day
 * and bucket instead of every sale. The invariants check them against the sales after every flow.
 */
export const saleDayTotals = pgTable(
  'sale_day_totals',
  {
    date: date().notNull(),
    state: closedText(saleLifecycle.states).notNull(),
    bucket: integer().notNull(),
    invoices: integer().notNull().default(0),
    totalAmount: moneyColumn().notNull().default(0),
    totalTaxAmount: moneyColumn().notNull().default(0),
    totalDiscountAmount: moneyColumn().notNull().default(0),
    profit: moneyColumn().notNull().default(0),
    paidAmount: moneyColumn().notNull().default(0),
    dueAmount: moneyColumn().notNull().default(0),
    returnAmount: moneyColumn().notNull().default(0),
    instantPaidReturnAmount: moneyColumn().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.date, t.state, t.bucket] }), inSet('sale_day_totals_state', t.state, saleLifecycle.states)],
);

/**
 * Each customer's completed sales summed per bucket (id % 16), kept by the same trigger: the customer
 * report reads a few rows per customer instead of every sale.
 */
export const customerSaleTotals = pgTable(
  'customer_sale_totals',
  {
    customerId: integer()
      .notNull()
      .references(() => customer.id),
    bucket: integer().notNull(),
    invoices: integer().notNull().default(0),
    /** Net + VAT. */
    totalAmount: moneyColumn().notNull().default(0),
    paidAmount: moneyColumn().notNull().default(0),
    dueAmount: moneyColumn().notNull().default(0),
    returnAmount: moneyColumn().notNull().default(0),
    instantPaidReturnAmount: moneyColumn().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.bucket] })],
);
