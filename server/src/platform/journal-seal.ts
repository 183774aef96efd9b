import { AsyncLocalStorage } from 'node:async_hooks';
import type { SealedSeries } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './db.ts';
import { rawRows } from './queries.ts';

/**
 * The sales journal's hash chains (issue 34, migrations 0038 and 0040). A sale and a web order are queued by the
 * database as they commit and sealed just after by {@link journalSealer}; a sale return and a customer payment are
 * sealed by their use case, after their postings, in their own transaction.
 */

/** Seals a numbered document at its number (the caller holds its series' counter, as numbering does). */
export async function sealDocument(tx: DbOrTx, series: SealedSeries, position: number, documentId: number): Promise<void> {
  await rawRows(tx, sql`select seal_document(${series}, ${position}::int, ${documentId}::int)`);
}

/** Seals documents of a series without numbers (customer payments: their ledger rows), each at the chain's next position. */
export async function sealNext(tx: DbOrTx, series: SealedSeries, documentIds: readonly number[]): Promise<void> {
  for (const id of documentIds) await rawRows(tx, sql`select seal_next(${series}, ${id}::int)`);
}

/** The chains whose documents the database queues as they commit (migration 0040): the till's sales and the web orders. */
const queuedChains = ['sale', 'order'] as const;

/** How long a poke waits for others before its run starts: a sale is sealed within this and a run. */
const gatherMs = 100;

/** Queued documents sealed by one statement (one transaction): a burst of sales is sealed in a few. */
const sealBatch = 500;

/**
 * The hot chains' sealer: a sale is queued by the database as it is numbered at its commit, a web order as it is
 * written (migration 0040), and they are sealed here just after, when the sale or the checkout pokes it, many in one
 * transaction under the chain's lock: no sale or checkout waits on its chain, and the number's lock is held no longer
 * than before the journal. One run at a time per database client; a poke while it runs makes it go
 * round once more. A timer (boot.ts) pokes it too, for orders a process left queued when it stopped.
 */
export interface JournalSealer {
  poke(): void;
  /** Resolves when no run is under way (after the runs the pokes so far asked for). */
  idle(): Promise<void>;
}

const sealers = new WeakMap<object, JournalSealer>();

/**
 * Runs a function outside any request's context (captured as this module loads): the sealer's statements are its
 * own, not counted as the poking request's (COUNT_STATEMENTS). Its transactions, begun on `ctx.db`, are the system's.
 */
const outsideRequests = AsyncLocalStorage.snapshot();

export function journalSealer(db: DbOrTx, report: (error: unknown) => void = () => {}): JournalSealer {
  const known = sealers.get(db);
  if (known) return known;
  let running: Promise<void> | undefined;
  let again = false;
  const run = async () => {
    do {
      again = false;
      for (const chain of queuedChains)
        for (;;) {
          const [row] = await rawRows<{ done: number }>(db, sql`select seal_queued(${chain}, ${sealBatch}::int) as done`);
          if (Number(row?.done ?? 0) < sealBatch) break;
        }
    } while (again);
  };
  let scheduled: Promise<void> | undefined;
  const start = () => {
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch(report)
      .finally(() => {
        running = undefined;
      });
  };
  const sealer: JournalSealer = {
    poke() {
      // the pokes of the next moment share one run: under load, one transaction seals the documents of many
      scheduled ??= new Promise<void>((resolve) => {
        setTimeout(
          () =>
            outsideRequests(() => {
              scheduled = undefined;
              start();
              resolve();
            }),
          gatherMs,
        ).unref();
      });
    },
    idle: async () => {
      while (scheduled || running) await (scheduled ?? running);
    },
  };
  sealers.set(db, sealer);
  return sealer;
}
