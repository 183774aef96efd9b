import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { churnedTables, startEmbeddedUpkeep } from '../src/platform/embedded-upkeep.ts';
import { useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';

/**
 * The embedded database has no autovacuum: the tables every sale rewrites a row of are vacuumed on a
 * timer (boot.ts starts it on the embedded database only; here it runs on both, the statement is the same).
 */
const t = useTestApp();

test('the upkeep vacuums and analyses every churned table on its timer, and its stop waits for the run', async () => {
  const vacuumed = async () =>
    (
      await rows(
        t,
        sql`select relname from pg_stat_user_tables
            where relname in (${sql.join(
              churnedTables.map((name) => sql`${name}`),
              sql`, `,
            )}) and last_vacuum is not null and last_analyze is not null`,
      )
    ).map((r) => String(r.relname));
  expect(await vacuumed()).toEqual([]);
  const failures: unknown[] = [];
  const stop = startEmbeddedUpkeep(t.database.db, 1000, (error) => failures.push(error));
  await expect.poll(async () => (await vacuumed()).sort(), { timeout: 15_000, interval: 200 }).toEqual([...churnedTables].sort());
  await stop();
  expect(failures).toEqual([]);
});
