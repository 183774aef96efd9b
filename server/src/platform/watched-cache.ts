import { approximateBytes } from './approximate-bytes.ts';
import type { SqlWatch } from './sql-watch.ts';

interface Entry<V> {
  generation: number;
  /** The rows the answer was read for: a sum of generations only compares with one over the same rows. */
  rows: string;
  rowList: readonly string[];
  value: Promise<V>;
  /** The answer itself once it has come, for callers that can use it without a turn of the event loop. */
  settled?: { answer: V };
  /** What the key and the answer hold in memory, once the answer has come (0 before). */
  bytes: number;
}

/** A cache's bounds: how many answers it keeps, and how many bytes they may hold together. */
export interface CacheBounds {
  entries?: number;
  bytes?: number;
}

/** 8 MB: a cache's answers together, unless its user asks for more (every cache has a byte budget). */
export const defaultCacheBytes = 8 * 1024 * 1024;

/**
 * Answers read from the database, kept in memory while none of their tables has been written since
 * the read began (see sql-watch.ts), so a write is seen by the very next request (another process's
 * as soon as its notification comes); while the watch is not coherent, every call reads and nothing is
 * kept. Callers that ask for the same key at once share one read. At most `entries` keys and `bytes`
 * bytes (the key and the answer, weighed once when the answer comes): the oldest goes first, and an
 * answer larger than the whole budget is served to those who asked and not kept. A count alone is no bound: nine distinct
 * wide dashboard ranges once held 2 GB.
 */
export class WatchedCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(
    private readonly watch: SqlWatch,
    private readonly tables: readonly string[],
    bounds: CacheBounds = {},
  ) {
    this.#maxEntries = bounds.entries ?? 5000;
    this.#maxBytes = bounds.bytes ?? defaultCacheBytes;
    watch.watching(tables);
  }

  /** The bytes the kept answers hold now. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The kept answer of `key`, or `load`'s. `rows` (row keys, `product#12`) are rows the answer is about,
   * known before the read: a write marked for one of them drops it too (see `rowsMark`); the same key
   * must name the same rows while its tables stand.
   */
  get(key: K, load: () => Promise<V>, rows: readonly string[] = []): Promise<V> {
    // not listening for other processes' writes: read, keep nothing (what was kept is dropped by then)
    if (!this.watch.coherent) return load();
    const generationNow = () => this.watch.generation(this.tables) + (rows.length ? this.watch.generation(rows) : 0);
    const generation = generationNow();
    const rowsKey = rows.join(' ');
    const entry = this.#entries.get(key);
    // the same rows, and no write to them or the tables since: a sum over other rows may meet this one by chance
    // (a hidden product leaves the page's rows while the tables' writes make up the difference)
    if (entry && entry.generation === generation && entry.rows === rowsKey) return entry.value;
    const value = load();
    const mine: Entry<V> = { generation, rows: rowsKey, rowList: rows, value, bytes: 0 };
    this.#forget(key);
    if (this.#entries.size >= this.#maxEntries) this.#forget(this.#entries.keys().next().value as K);
    this.#entries.set(key, mine);
    const forgetMine = () => {
      if (this.#entries.get(key) === mine) this.#forget(key);
    };
    value.then((answer) => {
      if (this.#entries.get(key) !== mine) return;
      if (generationNow() !== generation) return forgetMine();
      mine.settled = { answer };
      mine.bytes = approximateBytes(key) + approximateBytes(answer);
      this.#bytes += mine.bytes;
      if (mine.bytes > this.#maxBytes) return forgetMine();
      for (const oldest of this.#entries.keys()) {
        if (this.#bytes <= this.#maxBytes) break;
        if (oldest !== key) this.#forget(oldest);
      }
    }, forgetMine);
    return value;
  }

  /**
   * The answer kept for `key` while neither the tables nor the rows it was read for have been written
   * since, else undefined (and `get` reads): for a caller whose rows take work to find, as the same key
   * names the same rows while its tables stand (a list page's rows come from its order).
   */
  kept(key: K): Promise<V> | undefined {
    return this.#current(key)?.value;
  }

  /**
   * `kept`, when the answer has come: the answer itself, with no promise and no turn of the event loop
   * (a cached read's hot path), else undefined.
   */
  keptNow(key: K): { answer: V } | undefined {
    return this.#current(key)?.settled;
  }

  #current(key: K): Entry<V> | undefined {
    const entry = this.watch.coherent ? this.#entries.get(key) : undefined;
    if (!entry) return undefined;
    const rows = entry.rowList;
    const generation = this.watch.generation(this.tables) + (rows.length ? this.watch.generation(rows) : 0);
    return entry.generation === generation ? entry : undefined;
  }

  #forget(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.bytes;
    this.#entries.delete(key);
  }
}
