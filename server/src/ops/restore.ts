import fs from 'node:fs';
import path from 'node:path';
import { embeddedHoldsData, placeUploads, restoreEmbedded } from './backup-embedded.ts';
import { removeFolder, stagingFolder, unpackBackup } from './backup-file.ts';
import { postgresHoldsData, restorePostgres } from './backup-postgres.ts';
import { readRunningServer } from './running-server.ts';

export interface RestoreTarget {
  /** Where the uploads go (and, without `url`, the embedded database). */
  dataDir: string;
  /** A PostgreSQL database to restore into (DATABASE_URL). */
  url?: string;
  /** Replace what the target holds; without it a target that holds data is refused. */
  force?: boolean;
}

const refuse = (what: string) => {
  throw new Error(`${what} already holds data: restore into an empty one, or add --force to replace what it holds`);
};

/** Restores a backup file into an empty data folder (embedded) or an empty database (PostgreSQL) and its uploads folder. */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<void> {
  if (!fs.existsSync(file)) throw new Error(`There is no backup file ${file}`);
  if (readRunningServer(target.dataDir)) throw new Error(`A server is running on ${target.dataDir}: stop it before restoring`);
  const uploads = path.join(target.dataDir, 'uploads');
  const uploadsHeld = fs.existsSync(uploads) && fs.readdirSync(uploads).length > 0;
  if (!target.force) {
    if (target.url && (await postgresHoldsData(target.url))) refuse('The database');
    if (target.url && uploadsHeld) refuse(`The uploads folder ${uploads}`);
    if (!target.url && embeddedHoldsData(target.dataDir)) refuse(`The data folder ${target.dataDir}`);
  }
  const staging = stagingFolder(target.dataDir, 'restore');
  try {
    const manifest = await unpackBackup(file, staging);
    if (target.url) {
      if (manifest.database !== 'postgres') throw new Error('This backup is of an embedded database: restore it without DATABASE_URL');
      await restorePostgres(staging, target.url, await postgresHoldsData(target.url));
      placeUploads(staging, target.dataDir);
    } else {
      if (manifest.database !== 'embedded') throw new Error('This backup is of a PostgreSQL database: restore it with DATABASE_URL set');
      await restoreEmbedded(staging, target.dataDir);
    }
  } finally {
    removeFolder(staging);
  }
}
