import { Button, InputNumber, Table, Typography } from 'antd';
import type { Dispatch } from 'react';
import { moneyOfCents } from '../../../lib/format.ts';
import { type CartAction, type CartLine, lineFigures, lineKey, unitOf } from './cart.ts';

const toCentsInput = (value: number | string | null) => Math.round(Number(value ?? 0) * 100);
/** The line's name: the product's, with the variant's colour and values ("Tee · Red / M"). */
const lineName = (l: CartLine) => (l.variantLabel ? `${l.name} · ${l.variantLabel}` : l.name);
/** Which line an edit is for. */
const refOf = (l: CartLine) => ({ productId: l.productId, variantId: l.variantId });

/** The cart's lines: quantity, line discount (and the price, for who may type one) editable, VAT and total per line, the server's word under a line. */
export function CartTable({
  lines,
  dispatch,
  mayTypePrice = false,
}: {
  lines: CartLine[];
  dispatch: Dispatch<CartAction>;
  /** The cashier may type a price over the product's (create-priceOverride): the unit price is then a field. */
  mayTypePrice?: boolean;
}) {
  return (
    <Table<CartLine>
      size="small"
      aria-label="Cart"
      rowKey={lineKey}
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
              <div>{lineName(l)}</div>
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
              aria-label={`Quantity of ${lineName(l)}`}
              value={l.quantity}
              style={{ width: 72 }}
              status={l.error ? 'error' : undefined}
              onChange={(v) => dispatch({ type: 'quantity', ...refOf(l), quantity: Number(v ?? 1) })}
            />
          ),
        },
        {
          key: 'unit',
          title: 'Unit price',
          align: 'right',
          render: (_, l) =>
            mayTypePrice ? (
              <InputNumber
                aria-label={`Price of ${lineName(l)}`}
                value={unitOf(l) / 100}
                min={0}
                style={{ width: 96 }}
                onChange={(v) => dispatch({ type: 'price', ...refOf(l), unit: v === null ? null : toCentsInput(v) })}
              />
            ) : (
              moneyOfCents(unitOf(l))
            ),
        },
        {
          key: 'discount',
          title: 'Discount',
          render: (_, l) => (
            <InputNumber
              aria-label={`Discount of ${lineName(l)}`}
              value={l.discount / 100}
              style={{ width: 88 }}
              status={lineFigures(l).discountTooBig ? 'error' : undefined}
              onChange={(v) => dispatch({ type: 'discount', ...refOf(l), discount: toCentsInput(v) })}
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
            <Button size="small" danger aria-label={`Remove ${lineName(l)}`} onClick={() => dispatch({ type: 'remove', ...refOf(l) })}>
              Remove
            </Button>
          ),
        },
      ]}
    />
  );
}
