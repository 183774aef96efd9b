import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, type PgColumn, text, timestamp } from 'drizzle-orm/pg-core';

/** Columns every record has. */
export const recordColumns = {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  status: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Money: exact decimal in the database, a number with two decimals on the wire. */
export const moneyColumn = () => numeric({ precision: 14, scale: 2, mode: 'number' });

type ClosedSet = readonly string[];

/**
 * A text column holding one value of a contract's closed set. `text({enum})` only types it in
 * TypeScript; the table adds `inSet(...)` with the same list so the database refuses anything
 * else too (closed-sets.test.ts checks that every such column has its CHECK).
 */
export const closedText = <const V extends ClosedSet>(values: V) => text({ enum: values as unknown as [V[number], ...V[number][]] });

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The CHECK that keeps a closed text column within its set; named `<name>_in_set`. */
export const inSet = (name: string, column: PgColumn, values: ClosedSet) =>
  check(`${name}_in_set`, sql`${column} in (${sql.raw(values.map(literal).join(', '))})`);
