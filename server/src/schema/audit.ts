import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (issue 34): one row per create, update, status change or delete of an audited record, written
 * by the database's triggers (platform/audit-trail.ts) in the same transaction as the change, with the actor the
 * request set for that transaction. Append-only: a trigger refuses UPDATE and DELETE of a row another transaction
 * wrote (a change and its later steps in one transaction are folded into one row before it commits).
 * `changes` is by the column's name: a create's values set (`{name: "Mug"}`), a delete's values held, an update's
 * `{field: {old, new}}` (the API answers `[{field, old, new}]`); secrets and kept figures never enter it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entity: text().notNull(),
    entityId: text().notNull(),
    action: text().notNull(),
    actorType: text().notNull(),
    actorId: integer(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    requestId: text(),
    changes: jsonb().notNull(),
    /** The transaction that wrote it: only that one may fold a later step of the same change into it. */
    txid: bigint({ mode: 'number' }).notNull().default(sql`txid_current()`),
  },
  (t) => [
    // a record's history, newest first; a user's activity; a time range
    index('audit_log_record').on(t.entity, t.entityId, t.id),
    index('audit_log_actor').on(t.actorType, t.actorId, t.id),
    // appended in time order: a block range index (a few pages) serves a date range at no cost to the writes
    index('audit_log_at').using('brin', t.at),
  ],
);

/**
 * The sales journal's seals (issue 34): one row per posted document of a chained series (a sale invoice, a sale
 * return, a customer payment, a web order), in the series' order. `hash` is SHA-256 over the series, the position,
 * the previous document's hash and the document's content as `seal_content()` reads it (migration 0038), so a
 * document changed afterwards, or a seal removed, is found by `GET audit-log/verify` and `npm run verify-books`.
 * `ledgerUpto` is the last ledger row the document had posted when sealed: its later postings (a payment, an undo)
 * are not its content. Rows are never changed or removed (a trigger refuses it).
 */
export const documentSeal = pgTable(
  'document_seal',
  {
    series: text().notNull(),
    position: integer().notNull(),
    documentId: integer().notNull(),
    ledgerUpto: bigint({ mode: 'number' }),
    hash: text().notNull(),
    sealedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.series, t.position] }), index('document_seal_document').on(t.series, t.documentId)],
);

/**
 * Documents posted and waiting for their seal (migration 0040): a web order is queued by a trigger as it is written,
 * and sealed just after its commit by the journal's sealer (platform/journal-seal.ts), many in one transaction, so
 * checkouts never wait on their chain's lock.
 */
export const sealQueue = pgTable(
  'seal_queue',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    series: text().notNull(),
    documentId: integer().notNull(),
  },
  (t) => [index('seal_queue_series').on(t.series, t.id)],
);
