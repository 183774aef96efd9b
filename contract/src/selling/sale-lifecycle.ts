import { defineLifecycle } from '../lifecycle.ts';

/**
 * A till sale: completed at once, or held (a parked cart: no stock, no books) until it is completed
 * or cancelled. Undoing a completed sale (PATCH status 'false', 'Sale deleted') is final.
 */
export const saleLifecycle = defineLifecycle({
  states: ['completed', 'held', 'cancelled', 'deleted'],
  transitions: { held: ['completed', 'cancelled'], completed: ['deleted'] },
});
export type SaleState = (typeof saleLifecycle.states)[number];

/**
 * Where a sale's goods stand with the customer (reference 2.8, 3.3): PENDING while something is due
 * at the sale, else RECEIVED; PATCH sale-invoice/order {invoiceId, orderStatus} sets either.
 */
export const saleOrderStatuses = ['PENDING', 'RECEIVED'] as const;
export type SaleOrderStatus = (typeof saleOrderStatuses)[number];
