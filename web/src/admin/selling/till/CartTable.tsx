import { Button, InputNumber, Table, Typography } from 'antd';
import type { Dispatch } from 'react';
import { moneyOfCents } from '../../../lib/format.ts';
import { type CartAction, type CartLine, lineFigures } from './cart.ts';

const toCentsInput = (value: number | string | null) => Math.round(Number(value ?? 0) * 100);

/** The cart's lines: quantity and line discount editable, VAT and total per line, the server's word under a line. */
export function CartTable({ lines, dispatch }: { lines: CartLine[]; dispatch: Dispatch<CartAction> }) {
  return (
    <Table<CartLine>
      size="small"
      aria-label="Cart"
      rowKey="productId"
      pagination={false}
      dataSource={lines}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'Scan a product or type its SKU and press Enter' }}
      rowClassName={(l) => (l.error ? 'till-line-error' : '')}
      columns={[
        {
          key: 'product',
          title: 'Product',
          render: (_, l) => (
            <div style={{ maxWidth: 'min(160px, 45vw)', whiteSpace: 'normal' }}>
              <div>{l.name}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {l.sku}
                {l.stock !== undefined ? ` · ${l.stock} in stock` : ''}
              </Typography.Text>
              {!l.error && l.stock !== undefined && l.quantity > l.stock && (
                <div style={{ color: '#d46b08', fontSize: 12 }}>{`Only ${l.stock} in stock`}</div>
              )}
              {l.error && (
                <div role="alert" style={{ color: '#cf1322', fontSize: 12 }}>
                  {l.error}
                </div>
              )}
            </div>
          ),
        },
        {
          key: 'quantity',
          title: 'Qty',
          render: (_, l) => (
            <InputNumber
              aria-label={`Quantity of ${l.name}`}
              value={l.quantity}
              style={{ width: 72 }}
              status={l.error ? 'error' : undefined}
              onChange={(v) => dispatch({ type: 'quantity', productId: l.productId, quantity: Number(v ?? 1) })}
            />
          ),
        },
        { key: 'unit', title: 'Unit price', align: 'right', render: (_, l) => moneyOfCents(l.unit) },
        {
          key: 'discount',
          title: 'Discount',
          render: (_, l) => (
            <InputNumber
              aria-label={`Discount of ${l.name}`}
              value={l.discount / 100}
              style={{ width: 88 }}
              status={lineFigures(l).discountTooBig ? 'error' : undefined}
              onChange={(v) => dispatch({ type: 'discount', productId: l.productId, discount: toCentsInput(v) })}
            />
          ),
        },
        {
          key: 'vat',
          title: 'VAT',
          align: 'right',
          render: (_, l) => `${moneyOfCents(lineFigures(l).vat)} (${l.vatPercent}%)`,
        },
        { key: 'total', title: 'Total', align: 'right', render: (_, l) => <strong>{moneyOfCents(lineFigures(l).total)}</strong> },
        {
          key: 'remove',
          title: '',
          // kept in view at the right edge of the cart however wide the other columns are
          fixed: 'right',
          render: (_, l) => (
            <Button
              size="small"
              danger
              aria-label={`Remove ${l.name}`}
              onClick={() => dispatch({ type: 'remove', productId: l.productId })}
            >
              Remove
            </Button>
          ),
        },
      ]}
    />
  );
}
