import { useQueryClient } from '@tanstack/react-query';
import { purchaseReorderInput, type ReorderRow, routes } from '@tillbook/contract';
import { Button, Input, InputNumber, Space, Tag } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { PurchaseRequests, reorderKey, requestsKey } from './PurchaseRequests.tsx';
import { reorderTexts, requestStateColours, requestStateLabels, suggestedQuantity } from './texts.ts';

/**
 * Products at or below their reorder level, each with its latest purchase request's state; chosen
 * lines, with their quantities, become a purchase request.
 */
export default function ReorderPage() {
  const list = useListParams({ filters: ['key'] });
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [chosen, setChosen] = useState<ReorderRow[]>([]);
  const [quantities, setQuantities] = useState<Record<number, number | null>>({});
  const submission = useSubmission();
  const quantityOf = (row: ReorderRow) =>
    row.id in quantities ? quantities[row.id]! : suggestedQuantity(row.productQuantity, row.reorderQuantity);

  async function request() {
    if (!chosen.length) return notify.error(reorderTexts.chooseLines);
    const body = { products: chosen.map((r) => ({ productId: r.id, productQuantity: quantityOf(r) as number })) };
    const checked = purchaseReorderInput.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const row = typeof issue.path[1] === 'number' ? chosen[issue.path[1]] : undefined;
      return notify.error(row ? `${row.name}: quantity ${issue.message}` : issue.message);
    }
    const result = await submission.submit(body, (headers) => api(routes.reorder.createRequest, { body }, { toast: true, headers }));
    if (!result || result.error !== undefined) return;
    notify.success(reorderTexts.requested(result.data.reorderInvoiceId));
    setChosen([]);
    setQuantities({});
    await queryClient.invalidateQueries({ queryKey: requestsKey });
    await queryClient.invalidateQueries({ queryKey: reorderKey });
  }

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <DocumentListPage<typeof routes.reorder.list, ReorderRow>
        title="Reorder list"
        endpoint={routes.reorder.list}
        list={list}
        rows={(a) => a.getAllReOderList}
        total={(a) => a._count.id}
        rowKey="id"
        totalText={(n) => `${n} to reorder`}
        emptyText="Nothing is at or below its reorder level"
        rowSelection={{ selectedRowKeys: chosen.map((r) => r.id), onChange: (_keys, rows) => setChosen(rows as ReorderRow[]) }}
        tools={
          <>
            <Input.Search
              placeholder="Name or SKU"
              aria-label="Search"
              allowClear
              defaultValue={list.filters.key}
              style={{ width: 220 }}
              onSearch={(text) => list.setFilters({ key: text })}
            />
            {can('create-purchaseReorderInvoice') && (
              <Button type="primary" loading={submission.busy} onClick={request} disabled={!chosen.length}>
                Make a purchase request
              </Button>
            )}
          </>
        }
        columns={[
          { key: 'name', title: 'Product', dataIndex: 'name' },
          { key: 'sku', title: 'SKU', dataIndex: 'sku' },
          {
            key: 'stock',
            title: 'In stock',
            align: 'right',
            // below zero: sold by a till offline after the last one had gone (issue 33), or with negative stock allowed
            render: (_, r) =>
              r.productQuantity < 0 ? (
                <Space size={4}>
                  <Tag color="red">Sold below zero</Tag>
                  {r.productQuantity}
                </Space>
              ) : (
                r.productQuantity
              ),
          },
          { key: 'level', title: 'Reorder level', dataIndex: 'reorderQuantity', align: 'right' },
          {
            key: 'request',
            title: 'Latest request',
            render: (_, r) =>
              r.requestState ? (
                <Space size={4} wrap>
                  <Tag color={requestStateColours[r.requestState]}>{requestStateLabels[r.requestState]}</Tag>
                  {r.requestCode}
                </Space>
              ) : (
                ''
              ),
          },
          {
            key: 'qty',
            title: 'Quantity to request',
            render: (_, r) => (
              <InputNumber
                aria-label={`Quantity of ${r.name}`}
                min={1}
                precision={0}
                value={quantityOf(r)}
                onChange={(v) => setQuantities((q) => ({ ...q, [r.id]: v }))}
              />
            ),
          },
        ]}
      />
      <PurchaseRequests />
    </Space>
  );
}
