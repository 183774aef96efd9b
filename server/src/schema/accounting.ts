import { accountTypes } from '@tillbook/contract';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { closedText, inSet, recordColumns } from './columns.ts';

/**
 * Main ("head") accounts. The seeded ones carry a `systemKey` (asset, liability, equity, withdrawal,
 * revenue, expense): the owner may rename them, so the seed finds them by key.
 */
export const account = pgTable(
  'account',
  {
    ...recordColumns,
    name: text().notNull().unique(),
    type: closedText(accountTypes).notNull(),
    systemKey: text().unique(),
  },
  (t) => [inSet('account_type', t.type, accountTypes)],
);

/**
 * Ledger accounts. System accounts carry a `systemKey` so business code resolves them by name,
 * never by a bare id.
 */
export const subAccount = pgTable('sub_account', {
  ...recordColumns,
  name: text().notNull().unique(),
  accountId: integer()
    .notNull()
    .references(() => account.id),
  systemKey: text().unique(),
});
