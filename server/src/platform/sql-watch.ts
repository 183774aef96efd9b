import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the server learns from the SQL it sends, without a query of its own:
 *
 * - **Which tables were written, and when the write became visible.** Every table has a generation
 *   that goes up when a statement writing it is sent, when that statement returns and, inside a
 *   transaction, when the transaction ends. An in-process cache (the public catalogue, the access
 *   rules) notes the generation of its tables before it reads and keeps its answer only while that
 *   generation stands: an answer read before a write committed is never served after it. The server
 *   is the only writer of its database (one process, as `npm start` runs it).
 * - **How many statements a request sent** (when `countStatements` is on): the tests hold the hot
 *   requests to a fixed number. Transaction control (begin, commit, savepoints) is not counted.
 */
export class SqlWatch {
  readonly #generations = new Map<string, number>();
  readonly #counter = new AsyncLocalStorage<{ statements: number }>();

  /** The sum of the tables' generations: it changes whenever any of them is written. */
  generation(tables: readonly string[]): number {
    let sum = 0;
    for (const table of tables) sum += this.#generations.get(table) ?? 0;
    return sum;
  }

  /** Marks tables as written (a write is starting or has become visible). */
  touch(tables: Iterable<string>): void {
    for (const table of tables) this.#generations.set(table, (this.#generations.get(table) ?? 0) + 1);
  }

  /** Calls `next` (the rest of a request) counting what it sends; answers the reader of the count. */
  countWithin(next: () => void): () => number {
    const store = { statements: 0 };
    this.#counter.run(store, next);
    return () => store.statements;
  }

  /**
   * Called by the driver wrapper for every statement it sends: counts it and answers the tables it
   * writes (already touched once), for the wrapper to touch again when they become visible.
   */
  sent(text: string): string[] {
    if (transactionControl.test(text)) return [];
    const store = this.#counter.getStore();
    if (store) store.statements++;
    const written = writtenTables(text);
    if (written.length) this.touch(written);
    return written;
  }
}

const transactionControl = /^\s*(begin|commit|rollback|savepoint|release|start transaction|set transaction)\b/i;
const writeTarget =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const notTables = new Set(['set', 'of', 'skip', 'nowait', 'only']);

/** The tables a statement writes, read from its text (`insert into`, `update`, `delete from`, `truncate`). */
export function writtenTables(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(writeTarget)) {
    const name = match[1]!.toLowerCase();
    if (!notTables.has(name)) found.add(name);
  }
  return [...found];
}

/** Is this statement the end of a transaction (commit or rollback, not of a savepoint)? */
export const endsTransaction = (text: string) => /^\s*(commit|rollback|end|abort)\s*;?\s*$/i.test(text);
export const beginsTransaction = (text: string) => /^\s*(begin|start transaction)\b/i.test(text);
