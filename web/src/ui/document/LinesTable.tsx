import { formatMoney, toCents } from '@tillbook/contract';
import { Table, type TableColumnsType } from 'antd';

export const money = (value: unknown) => formatMoney(toCents((value ?? 0) as number));

/** A line's product as a cell: its name and SKU. */
export const productCell = (product: { name: string; sku: string } | null | undefined) =>
  product ? `${product.name} (${product.sku})` : '';

/**
 * The lines of a document (adjustment, request, invoice, return), read-only or with editing cells:
 * one compact table, scrolling inside its card on a phone.
 */
export function LinesTable<Line extends object>(props: {
  lines: Line[];
  columns: TableColumnsType<Line>;
  rowKey: keyof Line & string;
  loading?: boolean;
  emptyText?: string;
  label?: string;
}) {
  return (
    <Table<Line>
      size="small"
      aria-label={props.label}
      rowKey={props.rowKey}
      loading={props.loading}
      pagination={false}
      dataSource={props.lines}
      columns={props.columns}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: props.emptyText ?? 'No lines' }}
    />
  );
}
