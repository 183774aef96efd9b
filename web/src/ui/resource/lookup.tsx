import { type QueryClient, useQuery } from '@tanstack/react-query';
import { rowsOf } from '@tillbook/contract';
import { Select, type SelectProps } from 'antd';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import type { RefSource } from './fields.ts';

type LookupRow = Record<string, unknown> & { id: number; status?: string };

/** Cache key of a referenced list; a screen that writes to `path` invalidates it. */
export const lookupKey = (path: string) => ['lookup', path];
export const invalidateLookups = (client: QueryClient, path: string) => client.invalidateQueries({ queryKey: lookupKey(path) });

/**
 * Every row of a referenced resource, hidden ones too (so a row pointing at a hidden category still
 * shows its name), fetched once per path and shared by every cell, select and filter that needs it.
 */
export function useLookup(source: RefSource) {
  const query = useQuery({
    queryKey: [...lookupKey(source.list.path), source.query, source.listName],
    queryFn: () => must(api(source.list, { query: { ...source.query, query: 'all', status: 'true,false' } })),
    staleTime: 60_000,
  });
  const rows: LookupRow[] = rowsOf(query.data, source.listName);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const labelOf = (row: LookupRow) => String(row[source.labelField] ?? `#${row.id}`);
  /** Choices: the active rows the source offers, plus the current ones (one, or a list) when they have since been hidden. */
  const options = (current?: unknown) => {
    const chosen = new Set((Array.isArray(current) ? current : [current]).map(Number));
    return rows
      .filter((row) => chosen.has(Number(row.id)) || (row.status !== 'false' && !source.hidden?.(row)))
      .map((row) => ({ value: row.id, label: labelOf(row) }));
  };
  return { rows, byId, labelOf, options, isLoading: query.isLoading, error: query.error };
}

/** The name of the referenced row, or its id while the list loads or when it cannot be read. */
export function RefName({ source, id }: { source: RefSource; id: unknown }) {
  const lookup = useLookup(source);
  if (id === null || id === undefined || id === '') return null;
  const row = lookup.byId.get(Number(id));
  return <>{row ? lookup.labelOf(row) : `#${String(id)}`}</>;
}

/** A searchable select over the active rows of the referenced resource. */
export function RefSelect({ source, required, ...control }: { source: RefSource; required?: boolean } & Omit<SelectProps, 'options'>) {
  const lookup = useLookup(source);
  return (
    <Select
      {...control}
      loading={lookup.isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={!required}
      options={lookup.options(control.value)}
    />
  );
}
