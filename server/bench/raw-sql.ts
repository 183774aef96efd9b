/**
 * The database under test, opened for the app and, beside it, for the limit's hand-written SQL: the
 * embedded PGlite (one client, shared by both: PGlite runs one statement at a time) or a fresh
 * PostgreSQL database created for the run (`tillbook_bench_<random>`), dropped at the end.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, newPglite, openDatabase } from './app-code.ts';

export type Row = Record<string, unknown>;
/** Runs one statement and answers its rows. */
export type RawSql = (text: string, values?: unknown[]) => Promise<Row[]>;

export interface BenchDatabase {
  kind: 'embedded' | 'postgres';
  database: Database;
  /** The limit's connection (a pool of the app's size on PostgreSQL; the same client on PGlite). */
  sql: RawSql;
  /** PostgreSQL's version (or PGlite's). */
  version: string;
  /** The scratch database's URL (PostgreSQL only): other processes may open it too (the scale-out run). */
  url?: string;
  close(): Promise<void>;
}

const at = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** The app's pool size on PostgreSQL (openDatabase's default); the limit's pool gets as many. */
const poolSize = 10;

export async function openBenchDatabase(kind: 'embedded' | 'postgres', url?: string): Promise<BenchDatabase> {
  if (kind === 'embedded') {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-bench-'));
    const client = newPglite({ dataDir: path.join(dataDir, 'db') });
    const database = await openDatabase({ pglite: client });
    const sql: RawSql = async (text, values) => (await client.query<Row>(text, values)).rows;
    const [v] = await sql('select version() as v');
    return {
      kind,
      database,
      sql,
      version: String(v!.v).split(' on ')[0]!,
      async close() {
        await database.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!url) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const name = `tillbook_bench_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: at(url, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ url: at(url, name), poolSize });
  const pool = new pg.Pool({ connectionString: at(url, name), max: poolSize });
  pool.on('error', () => {}); // the drop at the end closes what is still open
  const sql: RawSql = async (text, values) => (await pool.query(text, values)).rows as Row[];
  const [v] = await sql('show server_version');
  return {
    kind,
    database,
    sql,
    version: `PostgreSQL ${String(v!.server_version)}`,
    url: at(url, name),
    async close() {
      await pool.end();
      await database.close();
      const drop = new pg.Client({ connectionString: at(url, 'postgres') });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
