import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import { http, must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { reorderTexts } from './texts.ts';

interface Request { reorderInvoiceId: string; createdAt: string; lineCount: number }
interface RequestLine { productId: number; reorderProductQuantity: number; product: { name: string; sku: string; productQuantity: number; reorderQuantity: number } }

export const requestsKey = ['list', 'purchase-reorder-invoice'];

function Lines({ code }: { code: string }) {
  const detail = useQuery({ queryKey: ['purchase-reorder-invoice', code], queryFn: () => must(http.get<{ productList: RequestLine[] }>(`purchase-reorder-invoice/${code}`)) });
  return (
    <Table<RequestLine>
      size="small"
      rowKey="productId"
      loading={detail.isLoading}
      pagination={false}
      dataSource={detail.data?.productList ?? []}
      columns={[
        { key: 'name', title: 'Product', render: (_, l) => `${l.product.name} (${l.product.sku})` },
        { key: 'qty', title: 'Requested', dataIndex: 'reorderProductQuantity', align: 'right' },
        { key: 'stock', title: 'In stock now', align: 'right', render: (_, l) => l.product.productQuantity },
        { key: 'level', title: 'Reorder level', align: 'right', render: (_, l) => l.product.reorderQuantity },
      ]}
    />
  );
}

/** The purchase requests made from the reorder list, newest first; each opens to its lines. */
export function PurchaseRequests() {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const filters = { page, count: 10, status: 'true,false' };
  const list = useQuery({
    queryKey: [...requestsKey, filters],
    queryFn: () => must(http.get<{ getAllPurchaseReorderInvoice: Request[]; totalReorderInvoice: number }>('purchase-reorder-invoice', { filters })),
    enabled: can('readAll-purchaseReorderInvoice'),
  });
  if (!can('readAll-purchaseReorderInvoice')) return null;

  async function remove(code: string) {
    const result = await http.delete(`purchase-reorder-invoice/${code}`, { toast: true });
    if (result.error !== undefined) return;
    notify.success(reorderTexts.deleted(code));
    await queryClient.invalidateQueries({ queryKey: requestsKey });
  }

  return (
    <section aria-label="Purchase requests">
      <Typography.Title level={4}>Purchase requests</Typography.Title>
      <Table<Request>
        rowKey="reorderInvoiceId"
        loading={list.isLoading}
        dataSource={list.data?.getAllPurchaseReorderInvoice ?? []}
        expandable={{ expandedRowRender: (r) => <Lines code={r.reorderInvoiceId} /> }}
        pagination={{ current: page, pageSize: 10, total: list.data?.totalReorderInvoice ?? 0, onChange: setPage, showTotal: (n) => `${n} requests` }}
        locale={{ emptyText: list.error ? list.error.message : 'No purchase requests' }}
        columns={[
          { key: 'code', title: 'Request', dataIndex: 'reorderInvoiceId' },
          { key: 'date', title: 'Made', render: (_, r) => String(r.createdAt ?? '').slice(0, 16).replace('T', ' ') },
          { key: 'lines', title: 'Lines', dataIndex: 'lineCount', align: 'right' },
          {
            key: 'actions', title: 'Actions',
            render: (_, r) =>
              can('delete-purchaseReorderInvoice') ? (
                <Popconfirm title="Delete this purchase request?" onConfirm={() => remove(r.reorderInvoiceId)} okText="Delete">
                  <Button size="small" danger>Delete</Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </section>
  );
}
