import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';

/**
 * One backup is one tar file: `manifest.json` (what it holds), the database (`database.tar.gz`, an embedded
 * database's data folder as PGlite dumps it, or `database.dump`, pg_dump's custom format) and `uploads/` (the
 * files of DATA_DIR/uploads). It is put together in a staging folder inside the data folder (the uploads
 * hard-linked there, so taking them costs no copy and a file removed afterwards stays in the backup).
 */
export interface Manifest {
  format: 'tillbook-backup';
  version: 1;
  database: 'embedded' | 'postgres';
  createdAt: string;
  /** How many files of the uploads folder it holds. */
  uploads: number;
}

export const manifestName = 'manifest.json';
export const databaseEntry = { embedded: 'database.tar.gz', postgres: 'database.dump' } as const;

/** A new, empty staging folder inside `parent` (made when missing). */
export function stagingFolder(parent: string, what: 'backup' | 'restore'): string {
  fs.mkdirSync(parent, { recursive: true });
  const dir = path.join(parent, `.${what}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dir, { mode: 0o700 });
  return dir;
}

export const removeFolder = (dir: string) => fs.rmSync(dir, { recursive: true, force: true });

/**
 * Takes the uploads as they are now: every file of `uploads` hard-linked (copied when a link is refused, say across
 * file systems) into `staging/uploads`. Synchronous on purpose: nothing else in the process runs meanwhile.
 */
export function takeUploads(uploads: string, staging: string): number {
  const into = path.join(staging, 'uploads');
  fs.mkdirSync(into);
  if (!fs.existsSync(uploads)) return 0;
  let taken = 0;
  for (const entry of fs.readdirSync(uploads, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const from = path.join(uploads, entry.name);
    const to = path.join(into, entry.name);
    try {
      fs.linkSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed meanwhile
      fs.copyFileSync(from, to);
    }
    taken++;
  }
  return taken;
}

export function writeManifest(staging: string, manifest: Omit<Manifest, 'format' | 'version' | 'createdAt'>): void {
  const full: Manifest = { format: 'tillbook-backup', version: 1, createdAt: new Date().toISOString(), ...manifest };
  fs.writeFileSync(path.join(staging, manifestName), `${JSON.stringify(full, null, 2)}\n`);
}

/** The staging folder as one tar stream. */
export function packStaging(staging: string, database: Manifest['database']): Readable {
  const pack = tar.create({ cwd: staging, portable: true }, [manifestName, databaseEntry[database], 'uploads']);
  return Readable.from(pack as AsyncIterable<Buffer>);
}

/** Writes a stream to `file` whole: to a partial file beside it (mode 0600), renamed once complete. */
export async function writeWhole(stream: Readable, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    await pipeline(stream, fs.createWriteStream(partial, { mode: 0o600 }));
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** Unpacks a backup file into `staging` and answers its manifest; a file that is no backup is refused. */
export async function unpackBackup(file: string, staging: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new Error(`There is no backup file ${file}`);
  await tar.extract({ file, cwd: staging, strict: true });
  const manifestFile = path.join(staging, manifestName);
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : undefined;
  if (manifest?.format !== 'tillbook-backup' || !fs.existsSync(path.join(staging, databaseEntry[manifest.database]))) {
    throw new Error(`${file} is not a Tillbook backup`);
  }
  return manifest;
}
