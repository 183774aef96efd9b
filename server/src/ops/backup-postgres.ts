import { spawn } from 'node:child_process';
import path from 'node:path';
import { pgClient } from '../platform/pg-client.ts';
import { databaseEntry, takeUploads, writeManifest } from './backup-file.ts';

/** Runs one of PostgreSQL's client tools; refused with its own words when it fails or is not installed. */
function run(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'ENOENT'
            ? `${tool} is not installed (PostgreSQL's client tools: apt-get install postgresql-client)`
            : error.message,
        ),
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} failed (${code}): ${said.trim()}`))));
  });
}

/**
 * Snapshots a PostgreSQL database with pg_dump (custom format) and the uploads beside it. The database's
 * snapshot is taken first (exported from a repeatable-read transaction), the uploads right after it, and pg_dump
 * then dumps that very snapshot: writes going on meanwhile are left out of both.
 */
export async function snapshotPostgres(url: string, dataDir: string, staging: string): Promise<void> {
  const client = pgClient(url);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const uploads = takeUploads(path.join(dataDir, 'uploads'), staging);
    await run('pg_dump', [
      '--format=custom',
      `--snapshot=${rows[0]!.id}`,
      `--file=${path.join(staging, databaseEntry.postgres)}`,
      `--dbname=${url}`,
    ]);
    writeManifest(staging, { database: 'postgres', uploads });
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}

/** Whether the database already holds tables (or anything else of its own). */
export async function postgresHoldsData(url: string): Promise<boolean> {
  const client = pgClient(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_toast%'`,
    );
    return rows[0]!.n > 0;
  } finally {
    await client.end();
  }
}

/** Restores an unpacked PostgreSQL backup into the database at `url` (`replace`: its objects dropped first). */
export async function restorePostgres(staging: string, url: string, replace: boolean): Promise<void> {
  await run('pg_restore', [
    '--exit-on-error',
    '--single-transaction',
    '--no-owner',
    '--no-privileges',
    ...(replace ? ['--clean', '--if-exists'] : []),
    `--dbname=${url}`,
    path.join(staging, databaseEntry.postgres),
  ]);
}
