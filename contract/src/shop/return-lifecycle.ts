import { defineLifecycle } from '../lifecycle.ts';

/** What a shopper asks for with a return of a web order: a replacement (PRODUCT) or their money (REFUND). */
export const returnTypes = ['PRODUCT', 'REFUND'] as const;
export type ReturnType = (typeof returnTypes)[number];

/**
 * A web order's return (reference 3.18): PENDING when the shopper asks, RECEIVED when the goods are
 * back (stock in), then REFUNDED (type REFUND) or RESEND (type PRODUCT), and RESENDED once the
 * replacement order is made (`POST cart-order/reOrder`). REJECTED only from PENDING, and final.
 */
export const returnLifecycle = defineLifecycle({
  states: ['PENDING', 'RECEIVED', 'REFUNDED', 'RESEND', 'RESENDED', 'REJECTED'],
  transitions: {
    PENDING: ['RECEIVED', 'REJECTED'],
    RECEIVED: ['REFUNDED', 'RESEND'],
    RESEND: ['RESENDED'],
  },
});
export const returnStatuses = returnLifecycle.states;
export type ReturnStatus = (typeof returnStatuses)[number];
