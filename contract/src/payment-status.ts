import { toCents } from './money.ts';

/**
 * Where an invoice (a sale or a purchase) stands with its money, in the words every list and page
 * shows: the one set, derived here only.
 */
export const paymentStatuses = ['Paid', 'Partly paid', 'Unpaid', 'Undone'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * An invoice's kept figures, whether it was undone (it owes nothing, and is not "Paid") and whether it
 * is a held sale (a parked cart: it owes nothing yet, and nothing is paid).
 */
export interface PaymentFigures {
  undone: boolean;
  held?: boolean;
  paidAmount: number;
  dueAmount: number;
  instantPaidReturnAmount: number;
}

/**
 * Undone once undone; Unpaid while held; Paid when nothing is due; Partly paid when something is due
 * and the other party has paid more than it got back with returns; Unpaid otherwise.
 */
export function paymentStatus(invoice: PaymentFigures): PaymentStatus {
  if (invoice.undone) return 'Undone';
  if (invoice.held) return 'Unpaid';
  if (toCents(invoice.dueAmount) <= 0) return 'Paid';
  return toCents(invoice.paidAmount) - toCents(invoice.instantPaidReturnAmount) > 0 ? 'Partly paid' : 'Unpaid';
}
