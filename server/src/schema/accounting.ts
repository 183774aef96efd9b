import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { recordColumns } from './columns.ts';

/** Main ("head") accounts. */
export const account = pgTable('account', {
  ...recordColumns,
  name: text().notNull().unique(),
  type: text({ enum: ['Asset', 'Liability', 'Equity', 'Withdrawal', 'Revenue', 'Expense'] }).notNull(),
});

/**
 * Ledger accounts. System accounts carry a `systemKey` so business code resolves them by name,
 * never by a bare id.
 */
export const subAccount = pgTable('sub_account', {
  ...recordColumns,
  name: text().notNull().unique(),
  accountId: integer().notNull().references(() => account.id),
  systemKey: text().unique(),
});
