/**
 * The client side of the list-query convention (see list-query.ts), without zod: the web's first load
 * builds list queries with it.
 */
export const listDefaults = { page: 1, count: 10, status: 'true' } as const;

/** Filters as the web client holds them; turned into the query string by {@link buildListQuery}. */
export type ListFilters = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

/**
 * Client side of the convention: page 1, count 10, status true unless a report is asked for;
 * empty values dropped; `query=search` added when a search key is present.
 */
export function buildListQuery(filters: ListFilters = {}): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    const text = (Array.isArray(value) ? value.join(',') : String(value)).trim();
    if (text === '') continue;
    values[name] = text;
  }
  const isReport = values.query === 'report';
  if (!isReport) {
    values.page ??= String(listDefaults.page);
    values.count ??= String(listDefaults.count);
    values.status ??= listDefaults.status;
  }
  if (values.key !== undefined) values.query = 'search';
  return new URLSearchParams(values).toString();
}
