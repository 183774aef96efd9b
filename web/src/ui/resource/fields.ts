import type { ReactNode } from 'react';

/** One form field of a generic resource form. */
export type FieldDef =
  | { name: string; label: string; type: 'text' | 'textarea' | 'email' | 'password' | 'date' | 'time' | 'color'; placeholder?: string; required?: boolean }
  | { name: string; label: string; type: 'number' | 'money'; min?: number; max?: number; step?: number; required?: boolean }
  | { name: string; label: string; type: 'enum'; options: { value: string; label: string }[]; required?: boolean }
  /** A reference to another resource, chosen from its active rows. */
  | { name: string; label: string; type: 'ref'; path: string; listName: string; labelField: string; required?: boolean };

/** One column of a generic list. */
export interface ColumnDef<Row = Record<string, unknown>> {
  key: string;
  title: string;
  render?: (row: Row) => ReactNode;
  /** The server may sort by this column (sort=key). */
  sortable?: boolean;
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
