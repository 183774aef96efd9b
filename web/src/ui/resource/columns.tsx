import { Typography } from 'antd';
import { day, money } from '../../lib/format.ts';
import type { ColumnDef, FieldDef } from './fields.ts';
import { RefName } from './lookup.tsx';

type Row = Record<string, unknown>;
const blank = (value: unknown) => value === null || value === undefined || value === '';

/** How values read in a list: money with the shop's symbol and two decimals, dates as YYYY-MM-DD, times as HH:mm. */
export const formats = {
  money,
  date: day,
  time: (value: unknown) => (blank(value) ? '' : String(value).slice(0, 5)),
  number: (value: unknown, suffix = '') => (blank(value) ? '' : `${String(value)}${suffix}`),
};

export function ColourSwatch({ value }: { value: unknown }) {
  if (blank(value)) return null;
  return (
    <span>
      <span
        style={{
          display: 'inline-block',
          width: 12,
          height: 12,
          background: String(value),
          border: '1px solid #ccc',
          marginRight: 6,
          verticalAlign: 'middle',
        }}
      />
      {String(value)}
    </span>
  );
}

/** Long text cut to one line, whole on hover. */
export const LongText = ({ value }: { value: unknown }) =>
  blank(value) ? null : (
    <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: 320 }}>
      {String(value)}
    </Typography.Text>
  );

/** The list column of a form field, formatted by the field's type (a reference shows the referenced name). */
export function columnFor(field: FieldDef, sortable = false): ColumnDef<Row> {
  const base = { key: field.name, title: field.label, sortable };
  const value = (row: Row) => row[field.name];
  switch (field.type) {
    case 'money':
      return { ...base, align: 'right', render: (row) => formats.money(value(row)) };
    case 'number':
      return { ...base, align: 'right', render: (row) => formats.number(value(row), field.suffix) };
    case 'date':
      return { ...base, render: (row) => formats.date(value(row)) };
    case 'time':
      return { ...base, render: (row) => formats.time(value(row)) };
    case 'color':
      return { ...base, render: (row) => <ColourSwatch value={value(row)} /> };
    case 'textarea':
      return { ...base, render: (row) => <LongText value={value(row)} /> };
    case 'enum':
      return { ...base, render: (row) => field.options.find((o) => o.value === value(row))?.label ?? String(value(row) ?? '') };
    case 'ref':
      return { ...base, render: (row) => <RefName source={field} id={value(row)} /> };
    case 'refs':
      return {
        ...base,
        render: (row) => {
          const ids = Array.isArray(value(row)) ? (value(row) as unknown[]) : [];
          return ids.map((id, i) => (
            <span key={String(id)}>
              {i > 0 && ', '}
              <RefName source={field} id={id} />
            </span>
          ));
        },
      };
    case 'password':
      return { ...base, render: () => '••••' };
    default:
      return base;
  }
}
