import { defineLifecycle } from '../lifecycle.ts';

/**
 * A web order's life (reference 3.17): PENDING when placed (stock already out), RECEIVED when staff
 * take it on with a courier, SHIPPED, DELIVERED; CANCELLED from PENDING or RECEIVED gives the stock back
 * and reverses its postings. DELIVERED → RETURNED when the last unit of the order comes back through its
 * returns: the server makes that move itself, staff never offer or take it by hand.
 */
export const orderLifecycle = defineLifecycle({
  states: ['PENDING', 'RECEIVED', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'RETURNED'],
  transitions: {
    PENDING: ['RECEIVED', 'CANCELLED'],
    RECEIVED: ['SHIPPED', 'CANCELLED'],
    SHIPPED: ['DELIVERED'],
    DELIVERED: ['RETURNED'],
  },
});
export const orderStatuses = orderLifecycle.states;
export type OrderStatus = (typeof orderStatuses)[number];

/** A manual payment's verification (reference 3.16): Pending until staff accept or reject it, once. */
export const verificationStates = ['Pending', 'Accept', 'Reject'] as const;
export type VerificationState = (typeof verificationStates)[number];
export const verificationLifecycle = defineLifecycle({
  states: verificationStates,
  transitions: { Pending: ['Accept', 'Reject'] },
});
