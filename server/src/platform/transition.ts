import type { Lifecycle } from '@tillbook/contract';
import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db.ts';
import { AppError, notFound } from './errors.ts';

/**
 * A document table with a lifecycle: its state column (`state`; a web order's `orderStatus`, a web
 * return's `returnCartOrderStatus`) moves only through the lifecycle.
 */
export interface LifecycleDocument<S extends string> {
  table: PgTable & { id: PgColumn };
  /** The column holding the state. */
  state: PgColumn;
  lifecycle: Lifecycle<S>;
  /** What a person calls one document ('Adjust inventory'). */
  label: string;
}

/** 409 invalid_transition unless the lifecycle allows moving from `from` to `to`. */
export function assertTransition<S extends string>(doc: LifecycleDocument<S>, id: number, from: S, to: S): void {
  if (doc.lifecycle.canMove(from, to)) return;
  const message = from === to ? `${doc.label} ${id} is already ${to}` : `${doc.label} ${id} is ${from}; it cannot become ${to}`;
  throw new AppError('invalid_transition', message, { state: `cannot go from ${from} to ${to}` });
}

/**
 * Locks the document's row for the rest of the transaction and answers its state, so two requests
 * moving the same document take turns and the second sees what the first did. 404 when missing.
 */
export async function lockState<S extends string>(tx: DbOrTx, doc: LifecycleDocument<S>, id: number): Promise<S> {
  const [row] = await tx
    .select({ state: doc.state })
    .from(doc.table as PgTable)
    .where(eq(doc.table.id, id))
    .for('update');
  if (!row) throw notFound(`${doc.label} ${id}`);
  return row.state as S;
}

/** The property name of the document's state column in its table (what `update().set()` takes). */
function stateKey(doc: LifecycleDocument<string>): string {
  const entry = Object.entries(getTableColumns(doc.table as PgTable)).find(([, column]) => column === doc.state);
  if (!entry) throw new Error(`${doc.label}: its state column is not a column of its table`);
  return entry[0];
}

/**
 * Moves a document to `to` inside the caller's transaction: lock, check the lifecycle, write the
 * state (and `also`, columns that follow the state). Answers the state it left. The caller's
 * side effects (stock, ledger) come after, in the same transaction, so a failure undoes the move.
 */
export async function transition<S extends string>(
  tx: DbOrTx,
  doc: LifecycleDocument<S>,
  id: number,
  to: S,
  also: Record<string, unknown> = {},
): Promise<S> {
  const from = await lockState(tx, doc, id);
  assertTransition(doc, id, from, to);
  await tx
    .update(doc.table as PgTable)
    .set({ ...also, [stateKey(doc)]: to } as never)
    .where(eq(doc.table.id, id));
  return from;
}
