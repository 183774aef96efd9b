/**
 * npm run bench: throughput of the hot paths on the embedded database, through the real app
 * (app.inject, no network). Prints operations per second; asserts nothing.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { seedBase } from '../src/seed/base.ts';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-bench-'));
const config = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'none') });
const database = await openDatabase({ dataDir });
await seedBase(database.db, { adminUsername: 'owner', adminPassword: 'bench-password-1', announce: () => {} });
const app = await buildApp({
  db: database.db,
  watch: database.watch,
  config,
  secret: 'bench-secret-bench-secret-bench-secret',
  logger: false,
});

const login = await app.inject({ method: 'POST', url: '/v1/user/login', payload: { username: 'owner', password: 'bench-password-1' } });
const auth = { authorization: `Bearer ${login.json().token}` };

async function measure(name: string, runs: number, work: (i: number) => Promise<{ statusCode: number }>) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) {
    const answer = await work(i);
    if (answer.statusCode >= 400) throw new Error(`${name}: status ${answer.statusCode}`);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`${name.padEnd(40)} ${(runs / seconds).toFixed(0).padStart(7)} ops/s  (${runs} in ${seconds.toFixed(2)} s)`);
}

await measure('create colour', 1000, (i) =>
  app.inject({ method: 'POST', url: '/v1/product-color', headers: auth, payload: { name: `Colour ${i}`, colorCode: '#123456' } }),
);
await measure('list colours (page of 10, of 1000)', 1000, () =>
  app.inject({ method: 'GET', url: '/v1/product-color?page=50&count=10', headers: auth }),
);
await measure('search colours', 1000, () =>
  app.inject({ method: 'GET', url: '/v1/product-color?query=search&key=Colour%2099', headers: auth }),
);
await measure('public category tree', 1000, () => app.inject({ method: 'GET', url: '/v1/product-category/public' }));
await measure('login (argon2id)', 50, () =>
  app.inject({ method: 'POST', url: '/v1/user/login', payload: { username: 'owner', password: 'bench-password-1' } }),
);

await app.close();
await database.close();
await fs.rm(dataDir, { recursive: true, force: true });
