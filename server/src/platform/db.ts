import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; use-cases take `Db | Tx` so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'embedded' | 'server';
  close(): Promise<void>;
}

export const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');

// numeric columns come back as text; money columns declare mode 'number' and drizzle converts them.
export async function openDatabase(options: { url?: string; dataDir?: string; pglite?: PGlite }): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'server', close: () => pool.end() };
  }
  let client = options.pglite;
  if (!client) {
    const dir = options.dataDir ? path.join(options.dataDir, 'db') : undefined;
    if (dir) fs.mkdirSync(path.dirname(dir), { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const owned = client;
  return { db, kind: 'embedded', close: () => owned.close() };
}
