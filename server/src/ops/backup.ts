import type { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { snapshotEmbedded, snapshotEmbeddedFolder } from './backup-embedded.ts';
import { packStaging, removeFolder, stagingFolder, writeWhole } from './backup-file.ts';
import { snapshotPostgres } from './backup-postgres.ts';

/** What a backup is taken of: the embedded database open in this process, an embedded data folder nobody has open, or PostgreSQL. */
export type BackupSource =
  | { kind: 'embedded'; client: PGlite; dataDir: string }
  | { kind: 'embedded-folder'; dataDir: string }
  | { kind: 'postgres'; url: string; dataDir: string };

/**
 * Takes a backup and answers it as a tar stream; the staging folder goes once the stream has ended or failed.
 * The snapshot is taken before this answers, so the stream can be sent at any pace.
 */
export async function backupStream(source: BackupSource): Promise<Readable> {
  const staging = stagingFolder(source.dataDir, 'backup');
  try {
    if (source.kind === 'embedded') await snapshotEmbedded(source.client, source.dataDir, staging);
    else if (source.kind === 'embedded-folder') await snapshotEmbeddedFolder(source.dataDir, staging);
    else await snapshotPostgres(source.url, source.dataDir, staging);
  } catch (error) {
    removeFolder(staging);
    throw error;
  }
  const stream = packStaging(staging, source.kind === 'postgres' ? 'postgres' : 'embedded');
  stream.once('close', () => removeFolder(staging));
  return stream;
}

/** Takes a backup into `file` (written whole: a partial file, renamed once complete). */
export async function backupToFile(source: BackupSource, file: string): Promise<void> {
  await writeWhole(await backupStream(source), file);
}
