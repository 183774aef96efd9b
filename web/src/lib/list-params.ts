import type { ListFilters } from '@tillbook/contract';
import { useAddressParams } from './address.ts';

export interface ListParams<F extends string> {
  page: number;
  count: number;
  /** The list's own filters as the URL holds them (absent = not filtered). */
  filters: Record<F, string | undefined>;
  /** page, count and the filters, ready for the list query. */
  query: ListFilters;
  /** Changes filters (blank removes one) and goes back to page 1. */
  setFilters(changes: Partial<Record<F, string | number | undefined>>): void;
  setPage(page: number, count: number): void;
}

/**
 * A list's page, count and filters, kept in the URL so a reload, a shared link or the back button
 * shows the same rows. `prefix` keeps two lists on one screen apart ('requestsPage').
 */
export function useListParams<F extends string = never>(
  options: { filters?: readonly F[]; count?: number; prefix?: string } = {},
): ListParams<F> {
  const [params, setParams] = useAddressParams();
  const prefix = options.prefix ?? '';
  const name = (key: string) => (prefix ? `${prefix}${key[0]!.toUpperCase()}${key.slice(1)}` : key);
  const page = Number(params.get(name('page')) ?? 1) || 1;
  const count = Number(params.get(name('count')) ?? options.count ?? 10) || 10;
  const filters = Object.fromEntries((options.filters ?? []).map((f) => [f, params.get(name(f)) ?? undefined])) as Record<
    F,
    string | undefined
  >;

  const update = (changes: Record<string, string | number | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(name(key));
        else next.set(name(key), String(value));
      }
      return next;
    });

  return {
    page,
    count,
    filters,
    query: { page, count, ...filters },
    setFilters: (changes) => update({ ...changes, page: undefined }),
    setPage: (p, c) => update({ page: p === 1 ? undefined : p, count: c }),
  };
}
