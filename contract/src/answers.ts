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
