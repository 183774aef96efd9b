import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Booted, boot } from '../src/boot.ts';
import { readConfig } from '../src/config.ts';
import type { TestApp } from './harness.ts';
import {
  expectInventoryMatchesLedger,
  expectInvoiceFiguresMatchLedger,
  expectLedgerBalanced,
  expectListTotalsMatchInvoices,
  expectStockMatchesMovements,
} from './invariants.ts';
import { emptyPgDatabase, type ServerProcess, startServerProcess, stopServerProcess, tempDataDir } from './server-process.ts';

/**
 * `npm run backup` while sales are being made, `npm run restore` into a new data folder (and, on PostgreSQL, a new
 * database), a server started on it: every sale acknowledged before the backup began is there, the uploads too, and
 * the books hold. The shop's server also takes its daily backup into BACKUP_DIR and keeps the newest BACKUP_KEEP.
 */
const root = path.resolve(import.meta.dirname, '../..');
const cleanups: (() => Promise<void>)[] = [];
let server: ServerProcess;
let source: { dataDir: string; url?: string };
let backupDir: string;
const oldBackups = ['tillbook-2020-01-01T00-00-00Z.tar', 'tillbook-2020-01-02T00-00-00Z.tar', 'tillbook-2020-01-03T00-00-00Z.tar'];

async function newTarget(): Promise<{ dataDir: string; url?: string }> {
  const data = await tempDataDir();
  cleanups.push(data.remove);
  const database = await emptyPgDatabase();
  if (database) cleanups.push(database.drop);
  return { dataDir: data.dir, url: database?.url };
}

const envOf = (target: { dataDir: string; url?: string }) => ({
  DATA_DIR: target.dataDir,
  ...(target.url ? { DATABASE_URL: target.url } : {}),
});

/** Runs `npm run backup` / `npm run restore` (their script, as npm runs it) and answers its exit code and words. */
function command(script: 'backup-cli' | 'restore-cli', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; said: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `server/src/ops/${script}.ts`, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    });
    let said = '';
    child.stdout.on('data', (c) => (said += c));
    child.stderr.on('data', (c) => (said += c));
    child.on('exit', (code) => resolve({ code, said }));
  });
}

beforeAll(async () => {
  source = await newTarget();
  backupDir = path.join(source.dataDir, 'backups');
  fs.mkdirSync(backupDir);
  for (const name of oldBackups) fs.writeFileSync(path.join(backupDir, name), 'an old backup');
  // the demo shop: products with stock, a cash payment method and pictures in the uploads folder
  server = await startServerProcess({ ...envOf(source), SEED_DEMO: 'true', BACKUP_DIR: backupDir, BACKUP_KEEP: '2' });
}, 180_000);

afterAll(async () => {
  await stopServerProcess(server);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test('the backup route answers nobody without the token of the running-server file, which only its user reads', async () => {
  const guessed = await fetch(`${server.url}/ops/backup`, { method: 'POST', headers: { 'x-ops-token': 'a guess' } });
  expect(guessed.status).toBe(404);
  expect((await fetch(`${server.url}/ops/backup`, { method: 'POST' })).status).toBe(404);
  // only an embedded database's server needs the file (PostgreSQL is backed up by pg_dump)
  const file = path.join(source.dataDir, 'running-server.json');
  if (!source.url) expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  else expect(fs.existsSync(file)).toBe(false);
});

test('the server takes a backup when the newest is a day old and keeps the newest BACKUP_KEEP', async () => {
  let names: string[] = [];
  for (let i = 0; i < 600; i++) {
    names = fs.readdirSync(backupDir).filter((n) => !n.includes('.partial'));
    if (names.length === 2 && !names.includes(oldBackups[1]!)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(names.sort()[0]).toBe(oldBackups[2]);
  expect(names.sort()[1]).toMatch(/^tillbook-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar$/);
  expect(names).toHaveLength(2);
}, 90_000);

test('a backup taken under sales restores into a new data folder with every sale acknowledged before it', async () => {
  const token = await server.ownerToken();
  const get = async (url: string) => (await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } })).json() as any;
  const cash = (await get('/v1/payment-method?query=all')).getAllPaymentMethod.find((m: any) => m.cash === 'true' && m.atTill === 'true');
  const products = (await get('/v1/product?query=all')).getAllProduct
    // a product sold by its variants (the demo's sleeve) is sold by naming one: these sales name none
    .filter((p: any) => p.productQuantity >= 20 && p.hasVariants !== 'true')
    .sort((a: any, b: any) => b.productQuantity - a.productQuantity)
    .slice(0, 10);
  expect(cash).toBeTruthy();
  expect(products.length).toBeGreaterThan(2);

  const acknowledged: number[] = [];
  let selling = true;
  const seller = async (n: number) => {
    for (let i = n; selling; i++) {
      const answer = await fetch(`${server.url}/v1/sale-invoice`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          saleInvoiceProduct: [{ productId: products[i % products.length].id, productQuantity: 1 }],
          paidAmount: [{ paymentType: cash.id, amount: 100000 }],
        }),
      });
      const body = (await answer.json()) as any;
      if (answer.status !== 201) throw new Error(`sale: ${answer.status} ${JSON.stringify(body)}`);
      acknowledged.push(body.createdInvoice.id);
      // a till's pace rather than a flood: the demo's stock lasts however long the backup takes
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  let failure: unknown;
  const sellers = [seller(0), seller(3)].map((s) =>
    s.catch((error: unknown) => {
      failure = error;
      selling = false;
    }),
  );
  while (acknowledged.length < 10 && !failure) await new Promise((resolve) => setTimeout(resolve, 20));
  if (failure) throw failure;

  const before = [...acknowledged];
  const file = path.join(source.dataDir, 'shop.tar');
  const backup = await command('backup-cli', [file], envOf(source));
  const during = acknowledged.length - before.length;
  selling = false;
  await Promise.all(sellers);
  if (failure) throw failure;
  expect(backup.code, backup.said).toBe(0);
  expect(during, 'sales acknowledged while the backup ran').toBeGreaterThan(0);
  const uploads = fs.readdirSync(path.join(source.dataDir, 'uploads')).sort();
  expect(uploads.length).toBeGreaterThan(0);

  const target = await newTarget();
  const restored = await command('restore-cli', [file], envOf(target));
  expect(restored.code, restored.said).toBe(0);
  // a second restore onto what the first made is refused
  const again = await command('restore-cli', [file], envOf(target));
  expect(again.code).toBe(1);
  expect(again.said).toContain('already holds data');
  expect(fs.readdirSync(path.join(target.dataDir, 'uploads')).sort()).toEqual(uploads);

  const config = readConfig({ ...envOf(target), LOG_LEVEL: 'silent', WEB_DIST: path.join(target.dataDir, 'no-web'), SEED_DEMO: 'false' });
  const booted: Booted = await boot(config, { logger: false });
  try {
    const t = { database: booted.database } as TestApp;
    const ids = sql.join(
      before.map((id) => sql`${id}`),
      sql`, `,
    );
    const found = ((await booted.database.db.execute(sql`select id from sale_invoice where id in (${ids})`)) as any).rows;
    expect(found.map((r: any) => r.id).sort((a: number, b: number) => a - b)).toEqual([...before].sort((a, b) => a - b));
    await expectStockMatchesMovements(t);
    await expectLedgerBalanced(t);
    await expectInventoryMatchesLedger(t);
    await expectInvoiceFiguresMatchLedger(t);
    await expectListTotalsMatchInvoices(t);
    // the restored server answers a product picture from the restored uploads
    await booted.app.ready();
    const picture = await booted.app.inject({ method: 'GET', url: `/v1/uploads/${uploads[0]}` });
    expect(picture.statusCode).toBe(200);
  } finally {
    await booted.close();
  }
}, 240_000);
