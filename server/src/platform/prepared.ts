import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db.ts';

// the app's casing (db.ts): a drizzle column in the statement (a list's conditions) is named as the table's
const dialect = new PgDialect({ casing: 'snake_case' });
const names = new Map<string, string>();

/**
 * Runs a raw statement as a named prepared statement: on PostgreSQL each connection parses it once
 * and, once the server finds a generic plan as good, stops planning it (a hot statement's planning
 * can cost more than running it). The name follows from the statement's text, so a statement whose
 * text varies (a part chosen per call) is a prepared statement per variant; the values go as
 * parameters. The embedded database runs it as any other statement. Answers the rows.
 */
export async function executePrepared<Row>(db: DbOrTx, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  let name = names.get(query.sql);
  if (!name) {
    name = `tillbook_${names.size + 1}`;
    names.set(query.sql, name);
  }
  const result = await db._.session.prepareQuery(query, undefined, name, false).execute();
  return (result as { rows: Row[] }).rows;
}

/** The name `executePrepared` gave this statement's text, if it did (the embedded database prepares it, embedded-prepared.ts). */
export const preparedName = (text: string): string | undefined => names.get(text);
