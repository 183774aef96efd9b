import type { SqlWatch } from './sql-watch.ts';

/**
 * Answers read from the database, kept in memory while none of their tables has been written since
 * the read began (see sql-watch.ts), so a write is seen by the very next request. Callers that ask
 * for the same key at once share one read. At most `size` keys; the oldest goes first.
 */
export class WatchedCache<K, V> {
  readonly #entries = new Map<K, { generation: number; value: Promise<V> }>();

  constructor(
    private readonly watch: SqlWatch,
    private readonly tables: readonly string[],
    private readonly size = 5000,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const generation = this.watch.generation(this.tables);
    const entry = this.#entries.get(key);
    if (entry && entry.generation === generation) return entry.value;
    const value = load();
    const mine = { generation, value };
    if (this.#entries.size >= this.size) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, mine);
    const forget = () => {
      if (this.#entries.get(key) === mine) this.#entries.delete(key);
    };
    value.then(() => {
      if (this.watch.generation(this.tables) !== generation) forget();
    }, forget);
    return value;
  }
}
