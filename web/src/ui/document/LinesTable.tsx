import { Table, type TableColumnsType } from 'antd';
import { money as shopMoney } from '../../lib/format.ts';

/** An amount with the shop's currency symbol; a missing one reads as zero. */
export const money = (value: unknown) => shopMoney(value ?? 0);

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
