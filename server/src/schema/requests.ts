import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Idempotency-Keys of the requests that made documents (platform/idempotency.ts): per caller
 * (`scope`: 'staff:12', 'customer:4') and route ('POST /v1/sale-invoice'), the key, the hash of the
 * request it came with and what its transaction answered. Written in the document's own transaction,
 * so a key and its document commit together; kept at least 24 hours (the mail worker's step removes
 * those older than 48).
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    scope: text().notNull(),
    route: text().notNull(),
    key: text().notNull(),
    /** sha256 (hex) of the canonical JSON of the parsed request: its path parameters and body. */
    requestHash: text().notNull(),
    /** What the transaction answered (a document id, or the document as written), as JSON. */
    result: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.route, t.key] }), index().on(t.createdAt)],
);
