import { fieldMessage } from '@tillbook/contract';
import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db.ts';
import { badRequest } from './errors.ts';
import { type ListQuery, paging, unpagedWithin } from './list-query.ts';

/** A list query's page of a select (every row for query=all and reports, at most maxUnpaged: 400 beyond). */
export async function paged<T extends PgSelect>(select: T, q: ListQuery<unknown>): Promise<Awaited<T>> {
  const { limit, offset } = paging(q);
  return unpagedWithin(q, (await select.limit(limit).offset(offset)) as unknown[]) as Awaited<T>;
}

/** The rows of a raw SQL statement, typed by the caller (the drivers answer `{rows}`). */
export async function rawRows<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** A reference sent by the client: the field that holds it (as the client names it) and the id. */
export type IdReference = readonly [field: string, id: number];

/** 400 naming every field whose id is not among the found ones. */
export function requireFound(references: readonly IdReference[], found: ReadonlySet<number>): void {
  const missing = Object.fromEntries(references.filter(([, id]) => !found.has(id)).map(([field]) => [field, 'does not exist']));
  const [first] = Object.keys(missing);
  if (first) throw badRequest(fieldMessage(first, 'does not exist'), missing);
}

/** Checks that every referenced id is a row of the column's table (400 naming each field that is not). */
export async function requireIdsExist(db: DbOrTx, idColumn: PgColumn, references: readonly IdReference[]): Promise<void> {
  if (!references.length) return;
  const rows = await db
    .select({ id: idColumn })
    .from(idColumn.table)
    .where(inArray(idColumn, [...new Set(references.map(([, id]) => id))]));
  requireFound(references, new Set(rows.map((r) => r.id as number)));
}
