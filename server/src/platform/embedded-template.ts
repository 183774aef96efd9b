import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A new embedded database is a new PostgreSQL cluster: creating one (initdb) and running every
 * migration on it takes PGlite longer than everything else in a first start. `npm install` makes one
 * migrated, empty cluster (no rows, no secrets: `npm run prepare-embedded`) and keeps it beside the
 * installed packages; a first start on an empty data folder begins from a copy of it and runs only the
 * migrations added since. Without it (say, installed with --ignore-scripts), a cluster is created.
 */
function pgliteVersion(): string {
  // the package exports no package.json: found above its entry file
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the starting cluster is kept: per PGlite version, as its data format is PGlite's own. */
export const templateFile = (): string =>
  path.join(import.meta.dirname, '../../../node_modules/.cache/tillbook', `embedded-${pgliteVersion()}.tar.gz`);

/** The starting cluster for a new data folder, when there is one and the folder holds no database yet. */
export function startingCluster(dataDir: string | undefined): Blob | undefined {
  if (!dataDir || fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  return preparedCluster();
}

/** The prepared cluster, if `npm install` made one (the tests' embedded template starts from it too). */
export function preparedCluster(): Blob | undefined {
  const file = templateFile();
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** Keeps a migrated, empty cluster as the starting point of new data folders (written whole, then renamed). */
export async function keepAsTemplate(client: PGlite): Promise<string> {
  const file = templateFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const dump = await client.dumpDataDir('gzip');
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}
