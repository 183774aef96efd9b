import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain .mjs script without types
import { bundleFile, bundleServer } from '../../scripts/bundle-server.mjs';
import { isAlive, withDatabase } from '../../scripts/test-databases.mjs';
import { newPglite, openDatabase } from '../src/platform/db.ts';
import { preparedCluster } from '../src/platform/embedded-template.ts';
import { pgClient } from '../src/platform/pg-client.ts';
import { seedBase } from '../src/seed/base.ts';
import { ownerPassword, ownerUsername } from './constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Embedded: a migrated, seeded data folder dump to clone. Server: the template database URL. */
    template: string;
    mode: 'embedded' | 'server';
    /** server/src/main.ts bundled as `npm start` runs it (undefined when it could not be made: tsx runs the sources). */
    serverBundle: string | undefined;
  }
}

const seedOptions = { adminUsername: ownerUsername, adminPassword: ownerPassword, announce: () => {} };

/** Migrates and seeds one template per run; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  // the project's own env (vitest.config.ts), not this process's: global setups run in the main process, where
  // a project's `test.env` is not set, so reading process.env ran the PostgreSQL project on the embedded database
  const mode = project.config.env?.TEST_DB === 'server' ? 'server' : 'embedded';
  project.provide('mode', mode);
  // the tests that start the server as a process (shutdown, backup, a kill) start it from the bundle npm start runs:
  // a start then loads one file instead of compiling the sources through tsx (3 s of CPU a start)
  project.provide('serverBundle', await bundleServer(undefined, path.join(path.dirname(bundleFile), `test-main-${mode}.mjs`)));
  if (mode === 'embedded') {
    const client = newPglite({ loadDataDir: preparedCluster() });
    const database = await openDatabase({ pglite: client });
    await seedBase(database.db, seedOptions);
    // Each test app starts PostgreSQL anew on a copy of this dump, and a start clears its shared buffers:
    // 16 MB instead of PostgreSQL's 128 MB (the copies hold a few MB of data) cut a start's CPU by a fifth
    // (1.6 s → 1.24 s, measured back to back); ALTER SYSTEM writes it into the copied postgresql.auto.conf.
    await client.exec(`alter system set shared_buffers = '16MB'`);
    const dump = await client.dumpDataDir('none');
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-test-')), 'template.tar');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('template', file);
    return async () => fs.rm(path.dirname(file), { recursive: true, force: true });
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=server needs TEST_DATABASE_URL');
  const name = `tillbook_tmpl_${process.pid}_${Date.now()}`;
  const admin = pgClient(baseUrl);
  await admin.connect();
  // leftovers of runs that were killed
  const stale = await admin.query(`select datname from pg_database where datname ~ '^tillbook_(tmpl|t)_[0-9]+_'`);
  for (const row of stale.rows) {
    const pid = Number(/^tillbook_(?:tmpl|t)_(\d+)_/.exec(row.datname)![1]);
    if (!isAlive(pid)) await admin.query(`drop database if exists "${row.datname}" with (force)`).catch(() => {});
  }
  await admin.query(`create database "${name}"`);
  const url = withDatabase(baseUrl, name);
  const database = await openDatabase({ url });
  await seedBase(database.db, seedOptions);
  await database.close();
  project.provide('template', url);
  return async () => {
    const copies = await admin.query(`select datname from pg_database where datname like $1`, [`tillbook\\_%${process.pid}\\_%`]);
    for (const row of copies.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
    await admin.end();
  };
}
