import type { ReturnStatus, ReturnType } from '@tillbook/contract';

/** A return's status as the shopper reads it. */
export const returnStatusLabels: Record<ReturnStatus, string> = {
  PENDING: 'Requested',
  RECEIVED: 'Received by us',
  REFUNDED: 'Refunded',
  RESEND: 'Replacement being prepared',
  RESENDED: 'Replacement sent',
  REJECTED: 'Declined',
};

/** What the status means for the shopper, one sentence. */
export const returnStatusHelp: Record<ReturnStatus, string> = {
  PENDING: 'We have your request. Please send the items back; we will tell you when they arrive.',
  RECEIVED: 'The items are back with us.',
  REFUNDED: 'Your money has been refunded.',
  RESEND: 'We are preparing your replacement.',
  RESENDED: 'Your replacement is on its way as a new order.',
  REJECTED: 'We could not accept this return. Please contact us if you have questions.',
};

/** What the shopper asked for. */
export const returnTypeLabels: Record<ReturnType, string> = {
  PRODUCT: 'Replacement',
  REFUND: 'Refund',
};

/** The choices of the return form, in the shopper's words. */
export const returnTypeChoices: { value: ReturnType; label: string }[] = [
  { value: 'PRODUCT', label: 'Send a replacement' },
  { value: 'REFUND', label: 'Refund my money' },
];
