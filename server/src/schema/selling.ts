import { saleLifecycle } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
  (t) => [inSet('sale_invoice_state', t.state, saleLifecycle.states), index().on(t.customerId), index().on(t.date)],
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
