import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A new embedded database is a new PostgreSQL cluster: creating one (initdb) and running every
 * migration on it takes PGlite longer than everything else in a first start. `npm install` makes one
 * migrated, empty cluster (no rows, no secrets: `npm run prepare-embedded`) and keeps it beside the
 * installed packages, as a folder and as a dump; a first start on an empty data folder begins from a
 * copy of the folder (or, without one, loads the dump) and runs only the migrations added since.
 * Without either (say, installed with --ignore-scripts), a cluster is created.
 */
function pgliteVersion(): string {
  // the package exports no package.json: found above its entry file
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const cacheDir = () => path.join(import.meta.dirname, '../../../node_modules/.cache/tillbook');

/** Where the starting cluster's dump is kept: per PGlite version, as its data format is PGlite's own. */
export const templateFile = (): string => path.join(cacheDir(), `embedded-${pgliteVersion()}.tar.gz`);

/** The same cluster as a data folder, copied as it is by a first start (faster than unpacking the dump inside PGlite). */
export const templateFolder = (): string => path.join(cacheDir(), `embedded-${pgliteVersion()}`);

const holdsNothing = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * The starting cluster for a new data folder, when there is one and the folder holds no database yet: the
 * prepared folder is copied into place (nothing to load, answers undefined), or the prepared dump is answered
 * for PGlite to load. The copy is made beside the folder and renamed, so a start that stops half-way leaves no
 * half a cluster.
 */
export function startingCluster(dataDir: string | undefined): Blob | undefined {
  if (!dataDir || fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  const folder = templateFolder();
  if (holdsNothing(dataDir) && fs.existsSync(path.join(folder, 'PG_VERSION'))) {
    const partial = `${dataDir}.partial-${process.pid}`;
    try {
      fs.cpSync(folder, partial, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.renameSync(partial, dataDir);
      return undefined;
    } catch {
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  return preparedCluster();
}

/** The prepared cluster's dump, if `npm install` made one (the tests' embedded template starts from it too). */
export function preparedCluster(): Blob | undefined {
  const file = templateFile();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/**
 * Keeps a migrated, empty cluster as the starting point of new data folders: its dump, and its data folder
 * `dataDir` (the client's own, on disk), closed first and then moved into place. Each written whole, then renamed.
 */
export async function keepAsTemplate(client: PGlite, dataDir: string): Promise<string> {
  const file = templateFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const dump = await client.dumpDataDir('gzip');
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  await client.close();
  const folder = templateFolder();
  const old = `${folder}.old-${process.pid}`;
  if (fs.existsSync(folder)) fs.renameSync(folder, old);
  fs.renameSync(dataDir, folder);
  fs.rmSync(old, { recursive: true, force: true });
  return file;
}
