import { type PurchaseRequestState, purchaseRequestCodePattern, purchaseRequestLifecycle } from '@tillbook/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { purchaseReorderInvoice } from '../../schema/index.ts';

const r = purchaseReorderInvoice;

/**
 * Locks every line of the request for the rest of the transaction and answers its state (the lines
 * move together, so they share it); two moves of one request take turns and the second sees the
 * first. `missing` is the error for an unknown code.
 */
async function lockRequest(tx: DbOrTx, code: string, missing: () => AppError): Promise<PurchaseRequestState> {
  if (!purchaseRequestCodePattern.test(code)) throw missing();
  const rows = await tx.select({ state: r.state }).from(r).where(eq(r.reorderInvoiceId, code)).orderBy(asc(r.id)).for('update');
  if (!rows[0]) throw missing();
  return rows[0].state;
}

/** 409 invalid_transition unless purchaseRequestLifecycle allows the move. */
function assertMove(code: string, from: PurchaseRequestState, to: PurchaseRequestState, field?: string) {
  if (purchaseRequestLifecycle.canMove(from, to)) return;
  const message = from === to ? `Purchase request ${code} is already ${to}` : `Purchase request ${code} is ${from}; it cannot become ${to}`;
  throw new AppError('invalid_transition', message, { [field ?? 'state']: `cannot go from ${from} to ${to}` });
}

/**
 * Inside a purchase invoice's transaction: the request becomes received and names the invoice.
 * An unknown code is a 400 naming `purchaseRequestId`; a request no longer open is a 409, which
 * refuses the whole invoice.
 */
export async function receivePurchaseRequest(tx: DbOrTx, code: string, purchaseInvoiceId: number): Promise<void> {
  const from = await lockRequest(tx, code, () =>
    badRequest(`Purchase request ${code} does not exist`, { purchaseRequestId: 'is not a purchase request' }),
  );
  assertMove(code, from, 'received', 'purchaseRequestId');
  await tx.update(r).set({ state: 'received', purchaseInvoiceId }).where(eq(r.reorderInvoiceId, code));
}

/**
 * PATCH purchase-reorder-invoice/{code} {status}: 'false' cancels an open request (requested →
 * cancelled, final; status follows). 'true' on an open request changes nothing; on a closed one it
 * is refused (409 invalid_transition), as a move back to requested is not in the lifecycle.
 */
export async function setPurchaseRequestStatus(tx: DbOrTx, code: string, status: 'true' | 'false'): Promise<void> {
  const from = await lockRequest(tx, code, () => notFound(`Purchase request ${code}`));
  if (status === 'true') {
    if (from !== 'requested') assertMove(code, from, 'requested');
    return;
  }
  assertMove(code, from, 'cancelled');
  await tx.update(r).set({ state: 'cancelled', status: false }).where(eq(r.reorderInvoiceId, code));
}

/** DELETE: a received request is kept (409), since it is the record of what its purchase invoice received. */
export async function assertDeletable(tx: DbOrTx, code: string): Promise<void> {
  const state = await lockRequest(tx, code, () => notFound(`Purchase request ${code}`));
  if (state === 'received') {
    throw new AppError('invalid_transition', `Purchase request ${code} is received; it cannot be deleted`, {
      state: 'a received request is kept',
    });
  }
}
