import type { RawSql } from './raw-sql.ts';

/**
 * The limit seals what it sells as the app does (issue 34): a sale and a web order are queued by the database as they
 * commit (migration 0040) and sealed just after, by one run at a time of `seal_queued` per chain (platform/journal-seal.ts
 * is the app's). The limit writes the same rows and does the same sealing work, so its ratio stays comparable.
 */
export function limitSealer(sql: RawSql, chain: 'sale' | 'order'): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    try {
      do {
        again = false;
        for (;;) {
          const [row] = await sql('select seal_queued($1, 500) as done', [chain]);
          if (Number(row?.done ?? 0) < 500) break;
        }
      } while (again);
    } catch {
      // the scratch database is dropped at the end of a run: a last run may find it gone
    } finally {
      running = false;
    }
  };
  let scheduled = false;
  // as the app's: the pokes of the next 100 ms share one run
  return () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      if (running) again = true;
      else void run();
    }, 100).unref();
  };
}
