import { boolean, integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Columns every record has. */
export const recordColumns = {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  status: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow().$onUpdate(() => new Date()),
};

/** Money: exact decimal in the database, a number with two decimals on the wire. */
export const moneyColumn = () => numeric({ precision: 14, scale: 2, mode: 'number' });
