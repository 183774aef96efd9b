import { receiptSizes, tillCashTypes, tillSessionLifecycle } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subAccount } from './accounting.ts';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';
import { users } from './identity.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A till (register). Its drawer's cash is its own ledger sub-account (`subAccountId`, under Asset, made with the
 * till); the shop's Cash account is the safe. `floatLeft` is what the last close left in the drawer, and
 * `lastZNumber` the last Z report's number: Z numbers run per till without gaps, taken by the close under the
 * session's lock.
 */
export const till = pgTable(
  'till',
  {
    ...recordColumns,
    name: text().notNull().unique(),
    subAccountId: integer()
      .notNull()
      .unique()
      .references(() => subAccount.id),
    /** The payment methods it takes; none listed: every method offered at the till. */
    paymentMethodIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    receiptSize: closedText(receiptSizes).notNull().default('80mm'),
    floatLeft: moneyColumn().notNull().default(0),
    lastZNumber: integer().notNull().default(0),
  },
  (t) => [inSet('till_receipt_size', t.receiptSize, receiptSizes)],
);

/**
 * A till's day: opened with the counted float, closed once with a count. At most one OPEN session per till
 * (a partial unique index: two devices opening at once make one). The close freezes its Z report (`zReport`).
 */
export const tillSession = pgTable(
  'till_session',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tillId: integer()
      .notNull()
      .references(() => till.id),
    state: closedText(tillSessionLifecycle.states).notNull().default('OPEN'),
    openingFloat: moneyColumn().notNull(),
    /** The opening float less the float the last close left (0 for a till's first session). */
    floatDifference: moneyColumn().notNull().default(0),
    openedBy: integer()
      .notNull()
      .references(() => users.id),
    openedAt: at().notNull().defaultNow(),
    closedBy: integer().references(() => users.id),
    closedAt: at(),
    zNumber: integer(),
    floatLeft: moneyColumn(),
    variance: moneyColumn(),
    /** The Z report as the close made it (frozen). */
    zReport: jsonb(),
  },
  (t) => [
    inSet('till_session_state', t.state, tillSessionLifecycle.states),
    uniqueIndex('till_session_one_open').on(t.tillId).where(sql`${t.state} = 'OPEN'`),
    uniqueIndex('till_session_z_number').on(t.tillId, t.zNumber),
    index().on(t.tillId, t.id),
  ],
);

/** Cash paid into or out of a drawer during a session, or dropped to the safe or bank: a document with its postings. */
export const tillCash = pgTable(
  'till_cash',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer()
      .notNull()
      .references(() => tillSession.id),
    type: closedText(tillCashTypes).notNull(),
    amount: moneyColumn().notNull(),
    reason: text().notNull(),
    /** The other side: where the money comes from or goes to. */
    subAccountId: integer()
      .notNull()
      .references(() => subAccount.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    inSet('till_cash_type', t.type, tillCashTypes),
    check('till_cash_amount_positive', sql`${t.amount} > 0`),
    index().on(t.sessionId),
  ],
);

/** A drawer opened without a sale: who and when. */
export const tillNoSale = pgTable(
  'till_no_sale',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer()
      .notNull()
      .references(() => tillSession.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    at: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.sessionId)],
);
