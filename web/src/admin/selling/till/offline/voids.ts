import type { Dispatch } from 'react';
import { newIdempotencyKey } from '../../../../lib/idempotency-key.ts';
import { type CartAction, type CartLine, lineKey, unitOf } from '../cart.ts';
import { enqueue } from './sale-queue.ts';

/**
 * Lines taken off the cart before the sale was completed (issue 34): a void, kept by the server as a till event
 * with the cashier and the session. Sent through the till's queue, as a sale is: durable, once, offline too.
 */
export async function voidLines(lines: readonly CartLine[], sessionId: number, cleared = false): Promise<void> {
  if (!lines.length) return;
  await enqueue({
    key: newIdempotencyKey(),
    kind: 'void',
    sessionId,
    receiptReference: lines.length === 1 ? `Void of ${lines[0]!.name}` : `Void of ${lines.length} lines`,
    body: {
      lines: lines.map((l) => ({
        productId: l.productId,
        ...(l.variantId ? { productVariantId: l.variantId } : {}),
        productQuantity: l.quantity,
        unitPrice: unitOf(l) / 100,
      })),
      ...(cleared ? { cleared: 'true' } : {}),
    },
  });
}

/** The cart's own edits, each passed on; a line removed before the sale is completed is a void. */
export const voidingDispatch =
  (lines: readonly CartLine[], dispatch: Dispatch<CartAction>, sessionId: number) =>
  (action: CartAction): void => {
    if (action.type === 'remove')
      void voidLines(
        lines.filter((l) => lineKey(l) === lineKey(action)),
        sessionId,
      );
    dispatch(action);
  };
