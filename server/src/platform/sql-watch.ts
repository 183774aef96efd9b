import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the server learns from the SQL it sends, without a query of its own:
 *
 * - **Which tables were written, and when the write became visible.** Every table has a generation
 *   that goes up when a statement writing it is sent, when that statement returns and, inside a
 *   transaction, when the transaction ends. An in-process cache (the public catalogue, the access
 *   rules) notes the generation of its tables before it reads and keeps its answer only while that
 *   generation stands: an answer read before a write committed is never served after it. Writes made
 *   by other processes (another server, a psql session) reach it as PostgreSQL notifications
 *   (write-notices.ts), which touch the same generations.
 * - **Whether it can trust its caches at all** (`coherent`): on PostgreSQL only while the process is
 *   listening for those notifications; while it is not, every cache reads and keeps nothing.
 * - **How many statements a request sent** (when `countStatements` is on): the tests hold the hot
 *   requests to a fixed number. Transaction control (begin, commit, savepoints) is not counted.
 */
export class SqlWatch {
  readonly #generations = new Map<string, number>();
  readonly #counter = new AsyncLocalStorage<{ statements: number }>();
  /** Raised when coherence is lost or regained: every answer kept before is dropped. */
  #everything = 0;
  #coherent: boolean;
  #waiting: (() => void)[] = [];
  readonly #watched = new Set<string>();
  /** Told of tables a cache starts watching that no cache watched before (the listener installs their triggers). */
  onNewTables?: (tables: string[]) => void;

  /** `coherent: false` (PostgreSQL): the caches serve nothing until a listener calls `cohere()`. */
  constructor(options: { coherent?: boolean } = {}) {
    this.#coherent = options.coherent ?? true;
  }

  /** Does this process learn of every committed write to what its caches watch? */
  get coherent(): boolean {
    return this.#coherent;
  }

  /** The tables some cache watches. */
  get watched(): ReadonlySet<string> {
    return this.#watched;
  }

  /** A cache watches these tables (called by WatchedCache). */
  watching(tables: readonly string[]): void {
    const fresh = tables.filter((t) => !this.#watched.has(t));
    for (const table of fresh) this.#watched.add(table);
    if (fresh.length) this.onNewTables?.(fresh);
  }

  /** Writes may now go unseen: drops every kept answer, and no cache keeps one until `cohere()`. */
  lose(): void {
    this.#coherent = false;
    this.#everything++;
  }

  /** Every write from now on is seen: drops every answer kept (or being read) before, then caches again. */
  cohere(): void {
    this.#everything++;
    this.#coherent = true;
    for (const wake of this.#waiting.splice(0)) wake();
  }

  /** Resolves once the watch is coherent (at once when it is). */
  whenCoherent(): Promise<void> {
    return this.#coherent ? Promise.resolve() : new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** The sum of the tables' generations: it changes whenever any of them is written, and at every loss and regain of coherence. */
  generation(tables: readonly string[]): number {
    let sum = this.#everything;
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
    const rows = rowsMarked(text);
    if (rows) {
      this.touch(rows);
      return rows;
    }
    const store = this.#counter.getStore();
    if (store) store.statements++;
    const written = writtenTables(text);
    if (written.length) this.touch(written);
    return written;
  }
}

/**
 * A statement that is a mark, not SQL: `/*watch-rows product#1 product#2*\/` names rows a use case
 * wrote (with a write counted under another name, see below). The drivers' wrappers do not send it:
 * they touch the rows as they would a written table (now and, in a transaction, at its end). A cache of
 * answers about single rows (a product's page) then keeps its answers while other rows change.
 */
export const rowsMark = (keys: readonly string[]) => `/*watch-rows ${keys.join(' ')}*/`;
/** The key of one row of a table, as caches and marks name it: `product#12`. */
export const rowKey = (table: string, id: number) => `${table}#${id}`;

/** The row keys of a mark, or null for any other statement. */
export function rowsMarked(text: string): string[] | null {
  const mark = /^\/\*watch-rows ([^*]*)\*\/$/.exec(text);
  return mark ? mark[1]!.split(' ').filter(Boolean) : null;
}

/**
 * A statement starting `/*watch-as product=product_stock*\/` writes `product` under the name
 * `product_stock` for the watch: the stock room changes only on-hand quantities, and names the rows it
 * changed with a mark, so the whole catalogue's cache does not go with every sale.
 */
const renamedWrite = /^\s*\/\*watch-as (\w+)=(\w+)\*\//;

const transactionControl = /^\s*(begin|commit|rollback|savepoint|release|start transaction|set transaction)\b/i;
const writeTarget =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const notTables = new Set(['set', 'of', 'skip', 'nowait', 'only']);

/** The tables a statement writes, read from its text (`insert into`, `update`, `delete from`, `truncate`). */
export function writtenTables(text: string): string[] {
  const found = new Set<string>();
  const renamed = renamedWrite.exec(text);
  for (const match of text.matchAll(writeTarget)) {
    const name = match[1]!.toLowerCase();
    if (notTables.has(name)) continue;
    found.add(renamed && renamed[1] === name ? renamed[2]! : name);
  }
  return [...found];
}

/** Is this statement the end of a transaction (commit or rollback, not of a savepoint)? */
export const endsTransaction = (text: string) => /^\s*(commit|rollback|end|abort)\s*;?\s*$/i.test(text);
export const beginsTransaction = (text: string) => /^\s*(begin|start transaction)\b/i.test(text);
