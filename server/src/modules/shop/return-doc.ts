import { type ReturnStatus, type ReturnType, returnLifecycle, stockDocuments } from '@tillbook/contract';
import type { LifecycleDocument } from '../../platform/transition.ts';
import { returnCartOrder } from '../../schema/index.ts';

/** What a web return's stock moves name as their document. */
export const returnDocument = stockDocuments.returnCartOrder;

/** A web order's return as a lifecycle document: its `returnCartOrderStatus` moves only through returnLifecycle. */
export const returnDoc: LifecycleDocument<ReturnStatus> = {
  table: returnCartOrder,
  state: returnCartOrder.returnCartOrderStatus,
  lifecycle: returnLifecycle,
  label: 'Return',
};

/** Statuses the server moves a return to by itself (RESENDED, with its replacement order: `cart-order/reOrder`). */
export const returnStatusesByServer: readonly ReturnStatus[] = ['RESENDED'];

/** Which type of return may take a status: REFUNDED only a REFUND, RESEND only a PRODUCT return. */
export const onlyFor: Partial<Record<ReturnStatus, ReturnType>> = { REFUNDED: 'REFUND', RESEND: 'PRODUCT' };

/** The statuses a return may take next by hand (RESENDED comes with the replacement order, `cart-order/reOrder`). */
export function nextReturnStatuses(status: ReturnStatus, type: ReturnType): ReturnStatus[] {
  return (returnLifecycle.transitions[status] ?? []).filter((to) => !returnStatusesByServer.includes(to) && (onlyFor[to] ?? type) === type);
}
