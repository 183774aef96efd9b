import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

test('/healthz answers 200 without a database statement, and is not cached', async () => {
  const answer = await t.call('GET', '/healthz');
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ status: 'alive' });
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(answer.headers['x-sql-statements']).toBe('0');
});

test('/readyz answers 200 on a migrated database, 503 naming the reason while a migration is missing', async () => {
  const ready = await t.call('GET', '/readyz');
  expect(ready.status).toBe(200);
  expect(ready.body).toEqual({ status: 'ready' });
  expect(ready.headers['cache-control']).toBe('no-store');

  // as if the newest migration had not been applied (an older version's database)
  const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
  await t.database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`);
  try {
    const behind = await t.call('GET', '/readyz');
    expect(behind.status).toBe(503);
    expect(behind.body).toEqual({ status: 'not ready', reason: 'the database is not migrated to this version' });
  } finally {
    await t.database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`);
  }
  expect((await t.call('GET', '/readyz')).status).toBe(200);
});

test('both are public and outside /v1', async () => {
  expect((await t.call('GET', '/v1/healthz')).status).toBe(404);
  expect((await t.call('GET', '/healthz', { token: 'not a token' })).status).toBe(200);
});
