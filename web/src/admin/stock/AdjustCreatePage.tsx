import { useQueryClient } from '@tanstack/react-query';
import { type AdjustType, adjustInventoryInput, messages, type ProductRow, routes } from '@tillbook/contract';
import { Button, DatePicker, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { ProductFinder } from '../../ui/document/ProductFinder.tsx';
import {
  type LineVariant,
  lineStock,
  lineVariantOf,
  lineWithoutVariant,
  VariantSelect,
  variantField,
} from '../../ui/document/VariantSelect.tsx';

type Found = Pick<ProductRow, 'id' | 'name' | 'sku' | 'productQuantity' | 'hasVariants' | 'variants' | 'scannedVariantId'>;
interface Line extends Pick<Found, 'id' | 'name' | 'sku' | 'productQuantity'>, LineVariant {
  /** The line's own key: a product sold by variants has a line per variant. */
  key: string;
  adjustQuantity: number | null;
  adjustType: AdjustType;
  reason: string;
}

/** Lines made without a variant yet, for their keys. */
let unnamedLines = 0;

/**
 * A new adjustment. The finder takes a name or SKU and Enter, which is also what a barcode scanner
 * types: an exact SKU or name, or a single match, is added as a line; several matches are offered.
 */
export default function AdjustCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<Line[]>([]);
  const [date, setDate] = useState<Dayjs | null>(dayjs());
  const [note, setNote] = useState('');
  const submission = useSubmission();

  function add(product: Found) {
    const { id, name, sku, productQuantity } = product;
    const variant = lineVariantOf(product);
    const same = (l: Line) => l.id === id && l.variantId === variant.variantId;
    setLines((current) => {
      if (current.some(same)) return current.map((l) => (same(l) ? { ...l, adjustQuantity: (l.adjustQuantity ?? 0) + 1 } : l));
      const key = `${id}/${variant.variantId ?? `new-${++unnamedLines}`}`;
      return [...current, { key, id, name, sku, productQuantity, ...variant, adjustQuantity: 1, adjustType: 'decrement', reason: '' }];
    });
  }

  const change = (key: string, patch: Partial<Line>) => setLines((current) => current.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  async function save() {
    const unnamed = lineWithoutVariant(lines);
    if (unnamed) return void notify.error(`${unnamed.name}: choose the variant (it is sold by its variants)`);
    const body = {
      date: date ? date.format('YYYY-MM-DD') : undefined,
      note: note || undefined,
      adjustInvoiceProduct: lines.map((l) => ({
        productId: l.id,
        ...variantField(l),
        adjustQuantity: l.adjustQuantity,
        adjustType: l.adjustType,
        reason: l.reason || undefined,
      })),
    };
    const checked = adjustInventoryInput.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const line = typeof issue.path[1] === 'number' ? lines[issue.path[1]] : undefined;
      notify.error(
        line
          ? `${line.name}: ${String(issue.path[2] ?? '')} ${issue.message}`.replace('adjustQuantity', 'quantity')
          : issue.path[0] === 'adjustInvoiceProduct'
            ? `Add a product line: the adjustment ${issue.message}`
            : `${String(issue.path[0])} ${issue.message}`,
      );
      return;
    }
    const result = await submission.submit(body, (headers) => api(routes.adjust.create, { body }, { headers }));
    if (!result) return;
    if (result.error !== undefined) {
      notify.error(result.error);
      return;
    }
    notify.success(messages.adjustAdded);
    await queryClient.invalidateQueries({ queryKey: ['list'] });
    navigate('/admin/adjust-inventory');
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        New adjustment
      </Typography.Title>
      <Space wrap>
        <DatePicker value={date} onChange={setDate} aria-label="Date" />
        <Input placeholder="Note" aria-label="Note" value={note} onChange={(e) => setNote(e.target.value)} style={{ width: 320 }} />
      </Space>
      <ProductFinder onAdd={add} autoFocus />
      <Table<Line>
        rowKey="key"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={lines}
        locale={{ emptyText: 'Find a product to add a line' }}
        columns={[
          { key: 'name', title: 'Product', render: (_, l) => `${l.name} (${l.sku})` },
          {
            key: 'variant',
            title: 'Variant',
            render: (_, l) => <VariantSelect line={l} name={l.name} onChange={(variantId) => change(l.key, { variantId })} />,
          },
          { key: 'stock', title: 'In stock', align: 'right', render: (_, l) => lineStock(l) },
          {
            key: 'type',
            title: 'Change',
            render: (_, l) => (
              <Select
                aria-label={`Change of ${l.name}`}
                value={l.adjustType}
                onChange={(v: AdjustType) => change(l.key, { adjustType: v })}
                style={{ width: 130 }}
                options={[
                  { value: 'increment', label: 'Increment' },
                  { value: 'decrement', label: 'Decrement' },
                ]}
              />
            ),
          },
          {
            key: 'qty',
            title: 'Quantity',
            render: (_, l) => (
              <InputNumber
                aria-label={`Quantity of ${l.name}`}
                min={1}
                precision={0}
                value={l.adjustQuantity}
                onChange={(v) => change(l.key, { adjustQuantity: v })}
              />
            ),
          },
          {
            key: 'reason',
            title: 'Reason',
            render: (_, l) => (
              <Input aria-label={`Reason for ${l.name}`} value={l.reason} onChange={(e) => change(l.key, { reason: e.target.value })} />
            ),
          },
          {
            key: 'remove',
            title: '',
            render: (_, l) => (
              <Button size="small" onClick={() => setLines((c) => c.filter((x) => x.key !== l.key))}>
                Remove
              </Button>
            ),
          },
        ]}
      />
      <Space>
        <Button type="primary" loading={submission.busy} onClick={save}>
          Save adjustment
        </Button>
        <Button onClick={() => navigate('/admin/adjust-inventory')}>Cancel</Button>
      </Space>
    </Space>
  );
}
