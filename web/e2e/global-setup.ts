import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain .mjs script without types
import { buildWebIfStale } from '../../scripts/build-web.mjs';
// @ts-expect-error plain .mjs script without types
import { bundleServer } from '../../scripts/bundle-server.mjs';
import { isAlive, withDatabase } from '../../scripts/test-databases.mjs';
import { browserLaunchOptions, demoShopConfig } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding the demo shop as a first start leaves it (migrated, base and demo seeds, pictures). */
    demoShop: string;
    /** With a PostgreSQL server (TEST_DATABASE_URL): the demo shop's database, the template of each file's copy. */
    demoDatabase: string;
    /** The one Chromium of the run (chromium.launchServer): each file connects and opens its own contexts. */
    browserEndpoint: string;
    /** web/e2e/product-server.ts bundled into one JavaScript file, imported natively by each file's startProduct(). */
    productBundle: string;
  }
}

/**
 * Once per run, for every browser test file:
 * - the built app (built first when missing or stale);
 * - the demo shop: booted once into a data folder that each file's product copies and boots again (the copy
 *   already holds its migrations, seeds and pictures, so only the database's start is left to pay);
 * - one Chromium: each file connects to it and each test gets a new context (fresh storage and cookies).
 * Measured (2 shared cores, loaded machine, so CPU seconds rather than wall time): a file's first start spent
 * open+migrate 5.2 s, base seed 3.7 s, demo seed 3.0 s, app 0.8 s in a fresh worker; the copy leaves the
 * database's start and first queries. Four files back to back: the workers' CPU 34.9 s → 30.5 s, this setup
 * +12 s once per run; Chromium's renderers (~10 s a file, the largest part with the workers) are unchanged.
 */
export default async function setup(project: TestProject) {
  buildWebIfStale();
  // in the server's node_modules, so that vitest leaves it to Node (no transform) and its packages resolve from there
  const bundle = await bundleServer(
    path.join(import.meta.dirname, 'product-server.ts'),
    path.join(import.meta.dirname, '../../server/node_modules/.cache/tillbook/e2e-product.mjs'),
  );
  if (bundle) project.provide('productBundle', bundle);
  const { boot, readConfig, pgClient }: typeof import('./product-server.ts') = await import(bundle ?? './product-server.ts');
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-e2e-demo-'));
  const server = await postgresqlServer(pgClient);
  const booted = await boot(readConfig(demoShopConfig(folder, server ? { DATABASE_URL: server.template } : {})), {
    logger: false,
    announce: () => {},
  });
  // each file's copy starts PostgreSQL anew, and a start clears its shared buffers: 16 MB rather than 128 MB
  // (the demo shop holds a few MB) takes a fifth off a start's CPU, as for the server tests' template
  await booted.database.pglite?.exec(`alter system set shared_buffers = '16MB'`);
  await booted.close();
  const browser = await chromium.launchServer(browserLaunchOptions());
  project.provide('demoShop', folder);
  if (server) project.provide('demoDatabase', server.template);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server?.drop();
    await fs.rm(folder, { recursive: true, force: true });
  };
}

/**
 * With a PostgreSQL server (TEST_DATABASE_URL), the browser tests' products run on it, as the server tests' second
 * project does: a file's copy of the demo shop is then a CREATE DATABASE … TEMPLATE instead of an embedded
 * database's start, and its queries run natively instead of in the test worker (the server tests cover the
 * embedded database). Names carry this process's id: leftovers of killed runs are dropped, other runs' kept.
 */
async function postgresqlServer(pgClient: typeof import('./product-server.ts').pgClient) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return undefined;
  const admin = pgClient(withDatabase(baseUrl, 'postgres'));
  await admin.connect();
  const ours = `tillbook_e2e_${process.pid}`;
  const stale = await admin.query(`select datname from pg_database where datname ~ '^tillbook_e2e_[0-9]+_'`);
  for (const { datname } of stale.rows) {
    const pid = Number(/^tillbook_e2e_(\d+)_/.exec(datname)?.[1]);
    if (!isAlive(pid)) await admin.query(`drop database if exists "${datname}" with (force)`).catch(() => {});
  }
  await admin.query(`create database "${ours}_tmpl"`);
  return {
    template: withDatabase(baseUrl, `${ours}_tmpl`),
    async drop() {
      const made = await admin.query(`select datname from pg_database where datname like $1`, [`${ours}\\_%`]);
      for (const { datname } of made.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    },
  };
}
