import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, inject, test } from 'vitest';
import { withDatabase } from '../../scripts/test-databases.mjs';
import { migrationsFolder, openDatabase } from '../src/platform/db.ts';
import { pgClient } from '../src/platform/pg-client.ts';

// Several servers of one shop start at once on a new database: each migrates, and they take turns (an advisory
// lock), so none fails on the other's half-made tables and every migration is applied once.
test('three servers starting at once on an empty database migrate it once, all three start', async () => {
  const admin = withDatabase(inject('template'), 'postgres');
  const name = `migrate_together_${process.pid}_${Date.now().toString(36)}`;
  const client = pgClient(admin);
  await client.connect();
  await client.query(`create database "${name}"`);
  const url = withDatabase(inject('template'), name);
  try {
    const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ url })));
    const failed = opened.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason));
    expect(failed).toEqual([]);
    const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    const check = pgClient(url);
    await check.connect();
    const applied = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await check.end();
    expect(applied.rows[0].n).toBe(journal.entries.length);
    for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
  } finally {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.end();
  }
});
