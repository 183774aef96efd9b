import { purchaseReorderInput } from '@tillbook/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { http, must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { PurchaseRequests, requestsKey } from './PurchaseRequests.tsx';
import { reorderTexts, suggestedQuantity } from './texts.ts';

interface ReorderRow { id: number; name: string; sku: string; productQuantity: number; reorderQuantity: number }

/** Products at or below their reorder level; chosen lines, with their quantities, become a purchase request. */
export default function ReorderPage() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 1);
  const count = Number(params.get('count') ?? 10);
  const key = params.get('key') ?? '';
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [chosen, setChosen] = useState<number[]>([]);
  const [quantities, setQuantities] = useState<Record<number, number | null>>({});
  const [saving, setSaving] = useState(false);
  const filters = { page, count, key };
  const list = useQuery({ queryKey: ['list', 'reorder-quantity', filters], queryFn: () => must(http.get<{ getAllReOderList: ReorderRow[]; _count: { id: number } }>('reorder-quantity', { filters })) });
  const rows = list.data?.getAllReOderList ?? [];
  const quantityOf = (row: ReorderRow) => (row.id in quantities ? quantities[row.id]! : suggestedQuantity(row.productQuantity, row.reorderQuantity));

  async function request() {
    const picked = rows.filter((r) => chosen.includes(r.id));
    if (!picked.length) return notify.error(reorderTexts.chooseLines);
    const body = { products: picked.map((r) => ({ productId: r.id, productQuantity: quantityOf(r) })) };
    const checked = purchaseReorderInput.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const row = typeof issue.path[1] === 'number' ? picked[issue.path[1]] : undefined;
      return notify.error(row ? `${row.name}: quantity ${issue.message}` : issue.message);
    }
    setSaving(true);
    const result = await http.post<{ reorderInvoiceId: string }>('purchase-reorder-invoice', body, { toast: true });
    setSaving(false);
    if (result.error !== undefined) return;
    notify.success(reorderTexts.requested(result.data.reorderInvoiceId));
    setChosen([]);
    setQuantities({});
    await queryClient.invalidateQueries({ queryKey: requestsKey });
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>Reorder list</Typography.Title>
        <Space wrap>
          <Input.Search placeholder="Name or SKU" aria-label="Search" allowClear defaultValue={key} style={{ width: 220 }}
            onSearch={(text) => setParams(text ? { key: text } : {})} />
          {can('create-purchaseReorderInvoice') && (
            <Button type="primary" loading={saving} onClick={request} disabled={!chosen.length}>Make a purchase request</Button>
          )}
        </Space>
      </Space>
      <Table<ReorderRow>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]) }}
        pagination={{ current: page, pageSize: count, total: list.data?._count.id ?? 0, showTotal: (n) => `${n} to reorder`,
          onChange: (p, c) => setParams({ ...(key ? { key } : {}), page: String(p), count: String(c) }) }}
        locale={{ emptyText: list.error ? list.error.message : 'Nothing is at or below its reorder level' }}
        columns={[
          { key: 'name', title: 'Product', dataIndex: 'name' },
          { key: 'sku', title: 'SKU', dataIndex: 'sku' },
          { key: 'stock', title: 'In stock', dataIndex: 'productQuantity', align: 'right' },
          { key: 'level', title: 'Reorder level', dataIndex: 'reorderQuantity', align: 'right' },
          {
            key: 'qty', title: 'Quantity to request',
            render: (_, r) => (
              <InputNumber aria-label={`Quantity of ${r.name}`} min={1} precision={0} value={quantityOf(r)}
                onChange={(v) => setQuantities((q) => ({ ...q, [r.id]: v }))} />
            ),
          },
        ]}
      />
      <PurchaseRequests />
    </Space>
  );
}
