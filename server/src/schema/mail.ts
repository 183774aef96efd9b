import { emailEncryptions, mailKinds, outboxStates } from '@tillbook/contract';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { closedText, inSet, recordColumns } from './columns.ts';
import { customer } from './identity.ts';

/**
 * SMTP settings, by name (the older system's field names). `emailPass` is stored for sending and never
 * answered: answers say only whether one is set.
 */
export const emailConfig = pgTable(
  'email_config',
  {
    ...recordColumns,
    emailConfigName: text().notNull().unique(),
    emailHost: text().notNull(),
    emailPort: integer().notNull(),
    emailUser: text(),
    emailPass: text(),
    emailEncryption: closedText(emailEncryptions).notNull().default('STARTTLS'),
    fromName: text(),
    fromAddress: text().notNull(),
  },
  (t) => [inSet('email_config_encryption', t.emailEncryption, emailEncryptions)],
);

/** One attachment of an outbox mail: its bytes in base64, so the outbox row holds the whole mail. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/**
 * The outbox: every mail is written here in the same transaction as its cause, and sent after commit
 * by the mail worker, which keeps each attempt's count, the last error and the next try.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: closedText(mailKinds).notNull(),
    state: closedText(outboxStates).notNull().default('queued'),
    /** The settings row to send with (by name); null = the first active one. */
    emailConfigName: text(),
    to: text().array().notNull(),
    cc: text().array().notNull().default([]),
    bcc: text().array().notNull().default([]),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    attachments: jsonb().$type<OutboxAttachment[]>().notNull().default([]),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** What the SMTP server answered when it took the mail. */
    serverAnswer: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [inSet('outbox_kind', t.kind, mailKinds), inSet('outbox_state', t.state, outboxStates), index().on(t.state, t.nextAttemptAt)],
);

/** A customer's password recovery: a single-use token stored as its SHA-256 hash, valid until `expiresAt`. */
export const passwordResetToken = pgTable(
  'password_reset_token',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.customerId)],
);
