import type { OrderStatus } from '@tillbook/contract';

/** How the shopper reads an order's status. */
export const statusLabels: Record<OrderStatus, string> = {
  PENDING: 'Placed',
  RECEIVED: 'Confirmed',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  RETURNED: 'Returned',
};

/** The date and time as the shopper's browser writes them. */
export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const day = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00`).toLocaleDateString(undefined, { dateStyle: 'medium' });
