import type { SealedSeries } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db.ts';
import { rawRows } from './queries.ts';

/**
 * The sales journal's hash chains (issue 34, migration 0038). A sale is sealed by the database at its commit, with
 * its number, and a web order at its commit; a sale return and a customer payment are sealed here by their use
 * case, after their postings, in the same transaction.
 */

/** Seals a numbered document at its number (the caller holds its series' counter, as numbering does). */
export async function sealDocument(tx: DbOrTx, series: SealedSeries, position: number, documentId: number): Promise<void> {
  await rawRows(tx, sql`select seal_document(${series}, ${position}::int, ${documentId}::int)`);
}

/** Seals documents of a series without numbers (customer payments: their ledger rows), each at the chain's next position. */
export async function sealNext(tx: DbOrTx, series: SealedSeries, documentIds: readonly number[]): Promise<void> {
  for (const id of documentIds) await rawRows(tx, sql`select seal_next(${series}, ${id}::int)`);
}

/** Queued documents sealed by one statement (one transaction): a burst of checkouts is sealed in a few. */
const sealBatch = 500;

/**
 * The web orders' sealer: a checkout's order is queued by the database as it is written (migration 0040) and sealed
 * here just after its commit, when the checkout pokes it, many in one transaction under the chain's lock, so
 * checkouts never wait on each other for it. One run at a time per database client; a poke while it runs makes it go
 * round once more. A timer (boot.ts) pokes it too, for orders a process left queued when it stopped.
 */
export interface JournalSealer {
  poke(): void;
  /** Resolves when no run is under way (after the runs the pokes so far asked for). */
  idle(): Promise<void>;
}

const sealers = new WeakMap<object, JournalSealer>();

export function journalSealer(db: DbOrTx, report: (error: unknown) => void = () => {}): JournalSealer {
  const known = sealers.get(db);
  if (known) return known;
  let running: Promise<void> | undefined;
  let again = false;
  const run = async () => {
    do {
      again = false;
      for (;;) {
        const [row] = await rawRows<{ done: number }>(db, sql`select seal_queued('order', ${sealBatch}::int) as done`);
        if (Number(row?.done ?? 0) < sealBatch) break;
      }
    } while (again);
  };
  const sealer: JournalSealer = {
    poke() {
      if (running) {
        again = true;
        return;
      }
      running = run()
        .catch(report)
        .finally(() => {
          running = undefined;
        });
    },
    idle: async () => {
      while (running) await running;
    },
  };
  sealers.set(db, sealer);
  return sealer;
}
