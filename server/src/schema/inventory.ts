import { adjustLifecycle, adjustTypes, purchaseRequestLifecycle, stockReasons } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgSequence, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';
import { users } from './identity.ts';
import { product } from './product.ts';
import { purchaseInvoice } from './purchasing.ts';
import { productVariant } from './variant.ts';

/**
 * The stock ledger: one append-only row per change of on-hand quantity, written in the same
 * transaction as the change. Invariant: product.productQuantity = sum(quantity) per product.
 */
export const stockMovement = pgTable(
  'stock_movement',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => product.id),
    /** The variant moved, when the product has variants. */
    productVariantId: integer().references(() => productVariant.id),
    /** Signed: positive in, negative out. */
    quantity: integer().notNull(),
    reason: closedText(stockReasons).notNull(),
    documentType: text(),
    documentId: text(),
    /** Unit cost at the time, for valuing the movement. */
    unitCost: moneyColumn().notNull().default(0),
    userId: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_movement_not_zero', sql`${t.quantity} <> 0`),
    inSet('stock_movement_reason', t.reason, stockReasons),
    index().on(t.productId, t.createdAt),
    index().on(t.productVariantId).where(sql`${t.productVariantId} is not null`),
  ],
);

/** `state` is the adjustment's lifecycle (moved only through adjustLifecycle); `status` follows it. */
export const adjustInvoice = pgTable(
  'adjust_invoice',
  {
    ...recordColumns,
    state: closedText(adjustLifecycle.states).notNull().default(adjustLifecycle.initial),
    date: date().notNull().defaultNow(),
    note: text(),
    userId: integer()
      .notNull()
      .references(() => users.id),
  },
  (t) => [inSet('adjust_invoice_state', t.state, adjustLifecycle.states)],
);

export const adjustInvoiceProduct = pgTable(
  'adjust_invoice_product',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adjustInvoiceId: integer()
      .notNull()
      .references(() => adjustInvoice.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => product.id),
    /** The variant moved, when the product has variants. */
    productVariantId: integer().references(() => productVariant.id),
    adjustQuantity: integer().notNull(),
    adjustType: closedText(adjustTypes).notNull(),
    reason: text(),
    /** Unit cost when adjusted: what the adjustment is valued at. */
    unitCost: moneyColumn().notNull().default(0),
  },
  (t) => [
    check('adjust_quantity_positive', sql`${t.adjustQuantity} > 0`),
    inSet('adjust_invoice_product_adjust_type', t.adjustType, adjustTypes),
    index().on(t.adjustInvoiceId),
  ],
);

/** Purchase requests: numbered from a sequence, never by reading the last number. */
export const purchaseRequestNumber = pgSequence('purchase_request_number', { startWith: 1 });

/**
 * One line of a purchase request; the lines of a request share its code, its `state` (moved only
 * through purchaseRequestLifecycle, all lines together) and, once received, its purchase invoice.
 */
export const purchaseReorderInvoice = pgTable(
  'purchase_reorder_invoice',
  {
    ...recordColumns,
    /** The request's code, shared by its lines (e.g. PR-000001). */
    reorderInvoiceId: text().notNull(),
    productId: integer()
      .notNull()
      .references(() => product.id),
    /** The variant moved, when the product has variants. */
    productVariantId: integer().references(() => productVariant.id),
    productQuantity: integer().notNull(),
    state: closedText(purchaseRequestLifecycle.states).notNull().default(purchaseRequestLifecycle.initial),
    /** The purchase invoice that received the request. */
    purchaseInvoiceId: integer().references(() => purchaseInvoice.id),
  },
  (t) => [
    check('reorder_quantity_positive', sql`${t.productQuantity} > 0`),
    inSet('purchase_reorder_invoice_state', t.state, purchaseRequestLifecycle.states),
    check('purchase_request_received_names_invoice', sql`(${t.state} = 'received') = (${t.purchaseInvoiceId} is not null)`),
    index().on(t.reorderInvoiceId),
    index().on(t.productId),
  ],
);
