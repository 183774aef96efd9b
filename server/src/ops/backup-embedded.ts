import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { newPglite } from '../platform/db.ts';
import { databaseEntry, takeUploads, writeManifest } from './backup-file.ts';

/** PGlite's own lock that one transaction (or statement outside one) holds at a time. */
type WithTransactionLock = { _runExclusiveTransaction?: <T>(work: () => Promise<T>) => Promise<T> };

/**
 * Snapshots a running embedded database into `staging`: the data folder dumped by PGlite between two transactions
 * (under its transaction lock, so no transaction is half done in it) and, under the same lock, the uploads as they
 * are at that moment. Requests wait for the dump (a fraction of a second for a shop's database); none is refused.
 */
export async function snapshotEmbedded(client: PGlite, dataDir: string, staging: string): Promise<void> {
  const locked = (client as unknown as WithTransactionLock)._runExclusiveTransaction?.bind(client);
  let uploads = 0;
  const take = async () => {
    const dump = await client.dumpDataDir('gzip');
    uploads = takeUploads(path.join(dataDir, 'uploads'), staging);
    return dump;
  };
  const dump = locked ? await locked(take) : await take();
  fs.writeFileSync(path.join(staging, databaseEntry.embedded), Buffer.from(await dump.arrayBuffer()));
  writeManifest(staging, { database: 'embedded', uploads });
}

/** With no server running on the data folder: opens it, snapshots it and closes it. */
export async function snapshotEmbeddedFolder(dataDir: string, staging: string): Promise<void> {
  const dbDir = path.join(dataDir, 'db');
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) throw new Error(`There is no database in ${dataDir} to back up`);
  const client = newPglite({ dataDir: dbDir });
  try {
    await client.waitReady;
    await snapshotEmbedded(client, dataDir, staging);
  } finally {
    await client.close();
  }
}

/** Whether the data folder already holds a database or uploads. */
export function embeddedHoldsData(dataDir: string): boolean {
  const uploads = path.join(dataDir, 'uploads');
  return fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION')) || (fs.existsSync(uploads) && fs.readdirSync(uploads).length > 0);
}

/** Restores an unpacked embedded backup into `dataDir` (its database folder and uploads replaced). */
export async function restoreEmbedded(staging: string, dataDir: string): Promise<void> {
  const dbDir = path.join(dataDir, 'db');
  fs.rmSync(dbDir, { recursive: true, force: true });
  fs.mkdirSync(dbDir, { recursive: true });
  const dump = fs.readFileSync(path.join(staging, databaseEntry.embedded));
  const client = newPglite({ dataDir: dbDir, loadDataDir: new Blob([dump]) });
  await client.waitReady;
  await client.close();
  placeUploads(staging, dataDir);
}

/** Moves the backup's uploads into `dataDir/uploads` (emptied first). */
export function placeUploads(staging: string, dataDir: string): void {
  const uploads = path.join(dataDir, 'uploads');
  fs.rmSync(uploads, { recursive: true, force: true });
  const from = path.join(staging, 'uploads');
  if (fs.existsSync(from)) fs.renameSync(from, uploads);
  else fs.mkdirSync(uploads, { recursive: true });
}
