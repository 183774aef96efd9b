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
