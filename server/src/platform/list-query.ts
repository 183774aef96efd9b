import { baseListQuery, dropEmpty, labelOf, listDefaults, maxUnpaged, type RawQuery } from '@tillbook/contract';
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { startOfBusinessDaySql } from './clock.ts';
import { badRequest, fieldError, fromZod } from './errors.ts';

/** A parsed list query: the convention's parameters plus a resource's own filters. */
export interface ListQuery<F = Record<string, unknown>> {
  page: number;
  count: number;
  /** Which statuses to include; null = no status filter. */
  statuses: boolean[] | null;
  /** 'list' (paged), 'all', 'search', 'report' or a resource's own mode. */
  mode: string;
  key?: string;
  startDate?: string;
  endDate?: string;
  sort?: string;
  order: 'asc' | 'desc';
  filters: F;
  /** True when the answer is not paged (all, report). */
  unpaged: boolean;
}

export interface ListQueryOptions<S extends z.ZodRawShape> {
  /** Extra values of `query` this list understands (beyond all, search, report). */
  modes?: readonly string[];
  /** The resource's own filters, validated like the rest. */
  filters?: S;
  /** Columns the list may be sorted by. */
  sortable?: readonly string[];
}

/** Values a parameter takes, as the API spells them: 'all', 'search'. */
const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The object schema of a list's filters, made once per shape (the shapes are the contract's constants):
 * zod prepares an object schema's parser on its first use, which costs more than the parse itself.
 */
const filterSchemas = new WeakMap<z.ZodRawShape, z.ZodObject>();
const noFilters = z.object({});
function filterSchema(shape: z.ZodRawShape | undefined): z.ZodObject {
  if (!shape) return noFilters;
  let schema = filterSchemas.get(shape);
  if (!schema) {
    schema = z.object(shape);
    filterSchemas.set(shape, schema);
  }
  return schema;
}

export function parseListQuery<S extends z.ZodRawShape = Record<never, never>>(
  raw: unknown,
  options: ListQueryOptions<S> = {},
): ListQuery<z.infer<z.ZodObject<S>>> {
  const values = dropEmpty((raw ?? {}) as RawQuery);
  const base = baseListQuery.safeParse(values);
  if (!base.success) throw fromZod(base.error);
  const own = filterSchema(options.filters).safeParse(values);
  if (!own.success) throw fromZod(own.error);
  const q = base.data;
  const modes = ['all', 'search', 'report', ...(options.modes ?? [])];
  if (q.query !== undefined && !modes.includes(q.query)) {
    throw fieldError('query', `must be one of ${quoted(modes)}`);
  }
  if (q.query === 'search' && q.key === undefined) throw fieldError('key', 'is required');
  if (q.sort !== undefined && !(options.sortable ?? []).includes(q.sort)) {
    throw badRequest(`${labelOf('sort')} must be one of ${quoted(options.sortable ?? []) || 'nothing'}`, {
      sort: 'is not a sortable column',
    });
  }
  if (q.startDate && q.endDate && q.startDate > q.endDate) {
    throw fieldError('endDate', 'must not be before the start date');
  }
  const mode = q.query ?? (q.key !== undefined ? 'search' : 'list');
  const isReport = mode === 'report';
  const statusText = q.status ?? (isReport ? null : [listDefaults.status]);
  return {
    page: q.page ?? listDefaults.page,
    count: q.count ?? listDefaults.count,
    statuses: statusText ? statusText.map((s) => s === 'true') : null,
    mode,
    key: q.key,
    startDate: q.startDate,
    endDate: q.endDate,
    sort: q.sort,
    order: q.order ?? (q.sort ? 'asc' : 'desc'),
    filters: own.data as z.infer<z.ZodObject<S>>,
    unpaged: mode === 'all' || isReport,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The `like` pattern that finds the key anywhere, `%`, `_` and `\` taken literally. */
export const containsPattern = (key: string) => `%${escapeLike(key)}%`;

/**
 * startDate/endDate are whole business days, both ends inclusive. A date column holds business
 * days already; a timestamp is compared with the instants the shop's days begin, so a row made at
 * 00:30 in the shop falls on that day whatever the server's time zone.
 */
function dateRange(column: PgColumn, startDate: string | undefined, endDate: string | undefined): SQL[] {
  const instants = column.getSQLType().startsWith('timestamp');
  const start = (day: string) => (instants ? startOfBusinessDaySql(day) : sql`${day}::date`);
  const after = (day: string) => (instants ? startOfBusinessDaySql(day, 1) : sql`(${day}::date + 1)`);
  return [...(startDate ? [gte(column, start(startDate))] : []), ...(endDate ? [lt(column, after(endDate))] : [])];
}

/**
 * The search columns of a table, and optionally its stored search column: those columns lower-cased
 * and joined by a line feed (`lower(a || chr(10) || b)`), searched with one `like` on the lowered key,
 * which finds the rows `ilike` on each column finds (ilike lowers both sides the same way), and a key
 * without a line feed cannot match across two columns. A key holding one is searched column by column.
 */
export interface SearchColumns {
  search?: PgColumn[];
  lowered?: PgColumn;
}

/** The search condition: any search column holds the key, case-insensitively, `%`, `_` and `\` taken literally. */
function searchWhere(key: string, columns: SearchColumns): SQL | undefined {
  if (!columns.search?.length) return undefined;
  const pattern = containsPattern(key);
  if (columns.lowered && !key.includes('\n')) return sql`${columns.lowered} like lower(${pattern})`;
  return or(...columns.search.map((c) => ilike(sql`${c}::text`, pattern)));
}

/** Status, search and date-range conditions of the convention, on a table's columns. */
export function conventionWhere(q: ListQuery<unknown>, columns: SearchColumns & { status?: PgColumn; date?: PgColumn }): SQL[] {
  const where: SQL[] = [];
  if (columns.status && q.statuses && q.statuses.length === 1) where.push(eq(columns.status, q.statuses[0]!));
  const search = q.key ? searchWhere(q.key, columns) : undefined;
  if (search) where.push(search);
  if (columns.date) where.push(...dateRange(columns.date, q.startDate, q.endDate));
  return where;
}

export const whereAll = (conditions: (SQL | undefined)[]) => and(...conditions.filter(Boolean));

export function orderBy(q: ListQuery<unknown>, table: PgTable, fallback: PgColumn): SQL[] {
  const column = q.sort ? ((table as unknown as Record<string, PgColumn>)[q.sort] ?? fallback) : fallback;
  const direction = q.order === 'asc' ? asc : desc;
  const idColumn = (table as unknown as Record<string, PgColumn>).id;
  return idColumn && column !== idColumn ? [direction(column), direction(idColumn)] : [direction(column)];
}

/**
 * The rows a page reads. An unpaged answer (query=all, report) reads one row more than it may answer
 * ({@link maxUnpaged}), so that {@link unpagedWithin} can tell a list that is too long for it without
 * reading the whole of it.
 */
export const paging = (q: ListQuery<unknown>): { limit: number; offset: number } =>
  q.unpaged ? { limit: maxUnpaged + 1, offset: 0 } : { limit: q.count, offset: (q.page - 1) * q.count };

/**
 * An unpaged answer's rows, or a 400 naming `query` when there are more than {@link maxUnpaged}: every
 * answer stays a few MB at most, and the client is told to ask page by page rather than given a part
 * of the list as if it were the whole.
 */
export function unpagedWithin<T>(q: ListQuery<unknown>, rows: T[]): T[] {
  unpagedFits(q, rows.length);
  return rows;
}

/** The same 400 as {@link unpagedWithin} for an answer of `rows` rows counted, not read. */
export function unpagedFits(q: ListQuery<unknown>, rows: number): void {
  if (q.unpaged && rows > maxUnpaged)
    throw fieldError('query', `may answer at most ${maxUnpaged.toLocaleString('en')} rows at once: ask for this list page by page`);
}

export { inArray };
