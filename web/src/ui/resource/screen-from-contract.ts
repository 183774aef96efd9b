import { type ResourceContract, recordRoutes } from '@tillbook/contract';
import { columnFor } from './columns.tsx';
import { type ColumnDef, defaultMessages, type FieldDef, type RefSource, type ResourceMessages } from './fields.ts';
import type { ResourceRow, ResourceScreen } from './ResourceListPage.tsx';

/** What a screen adds to its contract: a title, the form's fields, and whatever differs from the defaults. */
export interface ScreenSpec extends Partial<Omit<ResourceScreen, 'title' | 'fields' | 'columns' | 'messages'>> {
  title: string;
  fields: FieldDef[];
  /**
   * The list's columns, in order. A field name gives that field's column, formatted by its type;
   * default: one column per field.
   */
  columns?: (string | ColumnDef<ResourceRow>)[];
  /** The spec's words where it gives them; the rest are built from the contract's label. */
  messages?: Partial<ResourceMessages>;
}

/**
 * A plain resource's screen: path, list keys, permission entity, schema, deletion and update method
 * come from the contract, so a screen definition is only its fields, columns and messages.
 */
export function screenFromContract(contract: ResourceContract, spec: ScreenSpec): ResourceScreen {
  const { title, fields, columns, messages, ...rest } = spec;
  const column = (entry: string | ColumnDef<ResourceRow>): ColumnDef<ResourceRow> => {
    if (typeof entry !== 'string') return entry;
    const field = fields.find((f) => f.name === entry);
    if (!field) throw new Error(`${contract.path}: column ${entry} is not a field`);
    return columnFor(field, contract.sortable.includes(entry));
  };
  return {
    title,
    path: contract.path,
    routes: recordRoutes(contract),
    listName: contract.listName,
    totalKey: contract.totalKey,
    entity: contract.entity,
    schema: contract.input,
    labels: contract.labels,
    deletion: contract.deletion,
    fields,
    columns: (columns ?? fields.map((f) => f.name)).map(column),
    messages: { ...defaultMessages(contract.label), ...messages },
    ...rest,
  };
}

/** Where a reference to a plain resource finds its rows and their names. */
export const refTo = (contract: ResourceContract): RefSource => ({
  list: recordRoutes(contract).list,
  listName: contract.listName,
  labelField: contract.titleField,
});
