import { z } from 'zod';
import { statusText } from './status.ts';

/**
 * Building blocks of answer schemas. An answer schema is the allow-list of what the server sends:
 * the presenter copies these fields and no other, turning booleans into 'true'/'false' and
 * timestamps into ISO text on the way.
 */
export const out = {
  id: z.number(),
  int: z.number().int(),
  money: z.number(),
  text: z.string(),
  optionalText: z.string().nullable(),
  /** A day, YYYY-MM-DD. */
  date: z.string(),
  /** An instant, ISO 8601. */
  timestamp: z.string(),
  status: statusText,
  optionalId: z.number().nullable(),
};

/** id, status, createdAt, updatedAt: what every record answers. */
export const recordOut = { id: out.id, status: out.status, createdAt: out.timestamp, updatedAt: out.timestamp };

/**
 * How many rows each list of a party's statement (GET customer/{id}, GET supplier/{id}) holds at most:
 * the newest. A busy walk-in customer has 100,000 sales; the counts and sums beside the lists are over
 * every document, worked out by the database.
 */
export const statementRowLimit = 200;

/** What a party's statement says of its lists (with `statementRowLimit`). */
export const statementListing = {
  /** Each list (invoices, returns, ledger rows) holds at most this many rows, the newest first. */
  rowLimit: out.int,
  /** 'true' when a list holds fewer rows than the party has: the counts and sums still cover them all. */
  truncated: statusText,
};
