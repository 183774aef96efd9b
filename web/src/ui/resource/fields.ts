import type { RecordRoutes } from '@tillbook/contract';
import type { ReactNode } from 'react';

/** Where the rows of another resource come from: its list call, its list name and the field that names a row. */
export interface RefSource {
  /** The list of the referenced records, from the contract (`refTo(contract)`, `records.<name>.list`). */
  list: RecordRoutes['list'];
  /** The list's own query, e.g. `{type: 'sa'}` for the sub-accounts. */
  query?: Record<string, string>;
  /** List key getAll<listName>. */
  listName: string;
  labelField: string;
  /** Rows that are never offered as a choice (still named where a record points at one). */
  hidden?: (row: Record<string, unknown>) => boolean;
}

/** One form field of a generic resource form. */
export type FieldDef =
  | {
      name: string;
      label: string;
      type: 'text' | 'textarea' | 'email' | 'password' | 'date' | 'time' | 'color';
      placeholder?: string;
      required?: boolean;
    }
  /**
   * `suffix` is shown after the input and after the value in the list (e.g. '%'). `min`/`max`: the
   * range the contract takes, shown as a hint; the widget never clamps to it (the check refuses).
   */
  | {
      name: string;
      label: string;
      type: 'number' | 'money';
      min?: number;
      max?: number;
      step?: number;
      suffix?: string;
      required?: boolean;
    }
  /** `initial` is the value a new record starts with. */
  | { name: string; label: string; type: 'enum'; options: { value: string; label: string }[]; initial?: string; required?: boolean }
  /** A reference to another resource, chosen from its active rows. */
  | ({ name: string; label: string; type: 'ref'; required?: boolean } & RefSource)
  /** A list of references (a till's payment methods): several chosen, none allowed. */
  | ({ name: string; label: string; type: 'refs'; required?: boolean } & RefSource);

/** A select above the list that narrows it by a reference (e.g. sub-categories of one category). */
export interface FilterDef extends RefSource {
  /** The list's filter parameter, e.g. 'productCategoryId'. */
  name: string;
  label: string;
}

/** One column of a generic list. */
export interface ColumnDef<Row = Record<string, unknown>> {
  key: string;
  title: string;
  render?: (row: Row) => ReactNode;
  /** The server may sort by this column (sort=key). */
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
}

/** Success texts of a resource; the spec's words where it gives them. */
export interface ResourceMessages {
  created: string;
  createdMany?: string;
  updated: string;
  activated: string;
  hidden: string;
  deleted: string;
}

export function defaultMessages(label: string): ResourceMessages {
  return {
    created: `${label} added successfully`,
    updated: `${label} updated successfully`,
    activated: `${label} is activated successfully`,
    hidden: `${label} hidden successfully`,
    deleted: `${label} deleted successfully`,
  };
}
