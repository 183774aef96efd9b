import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain .mjs script without types
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { browserLaunchOptions, demoShopConfig } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data folder holding the demo shop as a first start leaves it (migrated, base and demo seeds, pictures). */
    demoShop: string;
    /** The one Chromium of the run (chromium.launchServer): each file connects and opens its own contexts. */
    browserEndpoint: string;
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
  const { boot } = await import('../../server/src/boot.ts');
  const { readConfig } = await import('../../server/src/config.ts');
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-e2e-demo-'));
  const booted = await boot(readConfig(demoShopConfig(folder)), { logger: false, announce: () => {} });
  // each file's copy starts PostgreSQL anew, and a start clears its shared buffers: 16 MB rather than 128 MB
  // (the demo shop holds a few MB) takes a fifth off a start's CPU, as for the server tests' template
  await booted.database.pglite?.exec(`alter system set shared_buffers = '16MB'`);
  await booted.close();
  const browser = await chromium.launchServer(browserLaunchOptions());
  project.provide('demoShop', folder);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await fs.rm(folder, { recursive: true, force: true });
  };
}
