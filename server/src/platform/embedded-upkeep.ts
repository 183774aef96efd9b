import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { startEvery } from './every.ts';

/**
 * The small tables every sale or purchase rewrites a row of (the list totals and the invoice number
 * series): each write leaves the old row version behind. A PostgreSQL server's autovacuum clears them;
 * the embedded database has no autovacuum, so without this the list sums read more dead rows with every
 * sale (the bench's purchase list answered at half its speed after 100,000 purchases).
 */
export const churnedTables = ['sale_day_totals', 'purchase_day_totals', 'customer_sale_totals', 'document_number'] as const;

/** Clears the churned tables' dead rows and refreshes their statistics (a few milliseconds: the tables are small). */
export async function vacuumChurned(db: Db): Promise<void> {
  await db.execute(sql.raw(`vacuum (analyze) ${churnedTables.join(', ')}`));
}

/**
 * Runs {@link vacuumChurned} every `everyMs` on the embedded database, never two at once; answers the
 * stop, which waits for a run in progress. A failed run is reported and the next one tries again.
 */
export function startEmbeddedUpkeep(db: Db, everyMs: number, report: (error: unknown) => void): () => Promise<void> {
  return startEvery(everyMs, () => vacuumChurned(db), report);
}
