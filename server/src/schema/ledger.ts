import { ledgerTypes } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, date, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { subAccount } from './accounting.ts';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';
import { paymentMethod } from './settings.ts';
import { tillSession } from './till.ts';

/**
 * The ledger: one row = one double entry (a debit and a credit sub-account, one positive amount),
 * so debits equal credits by construction. Corrections are reversing entries, never deletions; a
 * reversal of one entry names it in `reversesId`.
 */
export const transaction = pgTable(
  'transaction',
  {
    ...recordColumns,
    date: date().notNull(),
    debitId: integer()
      .notNull()
      .references(() => subAccount.id),
    creditId: integer()
      .notNull()
      .references(() => subAccount.id),
    particulars: text().notNull(),
    amount: moneyColumn().notNull(),
    type: closedText(ledgerTypes).notNull(),
    relatedId: text(),
    /** A VAT posting's rate (10 for 10 %): each document posts its VAT per rate, so the VAT report is the Tax account's postings. */
    vatRate: numeric({ precision: 5, scale: 2, mode: 'number' }),
    /** The entry this one reverses (a deleted payment); at most one reversal per entry. */
    reversesId: integer()
      .unique('transaction_reverses_id_unique')
      .references((): AnyPgColumn => transaction.id),
    /** The till session whose document posted it (issue 31): a session's X and Z reports are its rows. */
    tillSessionId: integer().references(() => tillSession.id),
    /** The payment method a payment or refund was made with: a session's figures per method. */
    paymentMethodId: integer().references(() => paymentMethod.id),
  },
  (t) => [
    check('transaction_amount_positive', sql`${t.amount} > 0`),
    check('transaction_two_accounts', sql`${t.debitId} <> ${t.creditId}`),
    inSet('transaction_type', t.type, ledgerTypes),
    index().on(t.type, t.relatedId),
    // The statements sum the ledger per account pair over a date range: this index answers them by an
    // index-only scan (it replaces the plain index on the date, which it starts with).
    index('transaction_date_pair_amount_index').on(t.date, t.debitId, t.creditId, t.amount),
    // One account's postings over a range (an account's page, the VAT report's Tax account, the
    // dashboard's receivable and payable; also the foreign keys' checks): one side at a time.
    index('transaction_debit_date_amount_index').on(t.debitId, t.date, t.amount),
    index('transaction_credit_date_amount_index').on(t.creditId, t.date, t.amount),
    index('transaction_till_session_index').on(t.tillSessionId).where(sql`${t.tillSessionId} is not null`),
  ],
);
