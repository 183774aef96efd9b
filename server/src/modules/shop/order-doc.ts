import { type OrderStatus, orderLifecycle, stockDocuments } from '@tillbook/contract';
import type { LifecycleDocument } from '../../platform/transition.ts';
import { cartOrder } from '../../schema/index.ts';

/** A web order's movements and entries name it by this document type and its id. */
export const orderDocument = stockDocuments.cartOrder;

/** The web order as a lifecycle document: its `orderStatus` moves only through orderLifecycle. */
export const orderDoc: LifecycleDocument<OrderStatus> = {
  table: cartOrder,
  state: cartOrder.orderStatus,
  lifecycle: orderLifecycle,
  label: 'Order',
};

/** Statuses the server moves an order to by itself (RETURNED, with the last unit back), never offered to staff or taken by hand. */
export const orderStatusesByServer: readonly OrderStatus[] = ['RETURNED'];

/** The statuses staff may move an order to next (the transition table, without the server's own moves). */
export function nextOrderStatuses(status: OrderStatus): OrderStatus[] {
  return (orderLifecycle.transitions[status] ?? []).filter((to) => !orderStatusesByServer.includes(to));
}
