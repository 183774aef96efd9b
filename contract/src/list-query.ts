import { z } from 'zod';
import { controlCharacterMessage, isCalendarDate, maxId, noControlCharacters } from './fields.ts';

/**
 * The list-query convention shared by every list endpoint and by the web client.
 *
 * page (default 1), count (default 10, at most 1000), status (default 'true'; 'true,false' for both;
 * no default for reports), query=all (no paging, active rows), query=search&key=..., query=report
 * (no paging, no status default; both at most 5,000 rows, more is a 400 naming query), startDate/endDate (YYYY-MM-DD, whole days inclusive),
 * sort=<column> and order=asc|desc. Empty values are dropped; a malformed value is refused. The
 * defaults and the client's builder are in list-query-client.ts (no zod, for the web's first load).
 */
export const maxCount = 1000;
/** The most rows an unpaged answer (query=all, query=report) holds; a longer list is refused (ask page by page). */
export const maxUnpaged = 5000;
export const maxPage = 1_000_000;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(isCalendarDate, 'must be a real calendar date');

const statusList = z
  .string()
  .regex(/^(true|false)(,(true|false))?$/, "must be 'true', 'false' or 'true,false'")
  .transform((text) => [...new Set(text.split(',') as ('true' | 'false')[])]);

const positiveInt = (max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1, 'must be at least 1')
    .refine((n) => n <= max, `must be at most ${max}`);

export const baseListQuery = z.object({
  page: positiveInt(maxPage).optional(),
  count: positiveInt(maxCount).optional(),
  status: statusList.optional(),
  query: z.string().optional(),
  key: z
    .string()
    .max(200, 'must be at most 200 characters')
    .refine((text) => noControlCharacters(text), controlCharacterMessage)
    .optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  sort: z
    .string()
    .regex(/^[A-Za-z]+$/, 'must be a column name')
    .optional(),
  order: z.enum(['asc', 'desc'], { error: "must be 'asc' or 'desc'" }).optional(),
});

export type RawQuery = Record<string, string | string[] | undefined>;

/** Drops empty values (and blank strings) so they never reach validation. */
export function dropEmpty(raw: RawQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    const text = Array.isArray(value) ? value.filter((v) => v !== '').join(',') : value;
    if (text === undefined || text === null || String(text).trim() === '') continue;
    out[name] = String(text).trim();
  }
  return out;
}

/** A list filter of one id or a comma list of ids (`1,2,3`, at most 1000 of them). */
export const idListFilter = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'must be an id or a comma list of ids')
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine((ids) => ids.every((n) => n >= 1 && n <= maxId), 'must hold only valid ids')
  .refine((ids) => ids.length <= 1000, 'must hold at most 1000 ids');
