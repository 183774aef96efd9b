import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type PurchaseRequest, type PurchaseRequestLine, routes } from '@tillbook/contract';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { instant } from '../../lib/format.ts';
import { must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { LinesTable, productCell } from '../../ui/document/LinesTable.tsx';
import { reorderTexts, requestStateColours, requestStateLabels } from './texts.ts';

export const requestsKey = ['list', routes.reorder.listRequests.path];
export const reorderKey = ['list', routes.reorder.list.path];

function Lines({ code }: { code: string }) {
  const detail = useQuery({
    queryKey: ['purchase-reorder-invoice', code],
    queryFn: () => must(api(routes.reorder.getRequest, { params: { code } })),
  });
  return (
    <LinesTable<PurchaseRequestLine>
      rowKey="productId"
      loading={detail.isLoading}
      lines={detail.data?.productList ?? []}
      columns={[
        { key: 'name', title: 'Product', render: (_, l) => productCell(l.product) },
        { key: 'qty', title: 'Requested', dataIndex: 'reorderProductQuantity', align: 'right' },
        { key: 'stock', title: 'In stock now', align: 'right', render: (_, l) => l.product.productQuantity },
        { key: 'level', title: 'Reorder level', align: 'right', render: (_, l) => l.product.reorderQuantity },
      ]}
    />
  );
}

/**
 * The purchase requests made from the reorder list, newest first; each opens to its lines. An open
 * request is received (the purchase form, filled from it) or cancelled; one not received may be deleted.
 */
export function PurchaseRequests() {
  const list = useListParams({ prefix: 'requests' });
  const queryClient = useQueryClient();
  const { can } = usePermissions();

  async function remove(code: string) {
    const result = await api(routes.reorder.deleteRequest, { params: { code } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(reorderTexts.deleted(code));
    await queryClient.invalidateQueries({ queryKey: requestsKey });
    await queryClient.invalidateQueries({ queryKey: reorderKey });
  }

  async function cancel(code: string) {
    const result = await api(routes.reorder.cancelRequest, { params: { code }, body: { status: 'false' } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(reorderTexts.cancelled(code));
    await queryClient.invalidateQueries({ queryKey: requestsKey });
    await queryClient.invalidateQueries({ queryKey: reorderKey });
  }

  return (
    <DocumentListPage<typeof routes.reorder.listRequests, PurchaseRequest>
      title="Purchase requests"
      level={4}
      endpoint={routes.reorder.listRequests}
      enabled={can('readAll-purchaseReorderInvoice')}
      list={list}
      fixed={{ status: 'true,false' }}
      rows={(a) => a.getAllPurchaseReorderInvoice}
      total={(a) => a.totalReorderInvoice}
      rowKey="reorderInvoiceId"
      expand={(r) => <Lines code={r.reorderInvoiceId} />}
      emptyText="No purchase requests"
      totalText={(n) => `${n} requests`}
      columns={[
        { key: 'code', title: 'Request', dataIndex: 'reorderInvoiceId' },
        {
          key: 'date',
          title: 'Made',
          render: (_, r) => instant(r.createdAt),
        },
        { key: 'lines', title: 'Lines', dataIndex: 'lineCount', align: 'right' },
        {
          key: 'state',
          title: 'State',
          render: (_, r) => (
            <Space size={4} wrap>
              <Tag color={requestStateColours[r.state]}>{requestStateLabels[r.state]}</Tag>
              {r.purchaseInvoiceId !== null && `Purchase #${r.purchaseInvoiceId}`}
            </Space>
          ),
        },
        {
          key: 'actions',
          title: 'Actions',
          render: (_, r) => {
            const code = r.reorderInvoiceId;
            const open = r.state === 'requested';
            return (
              <Space size={4} wrap>
                {open && can('create-purchaseInvoice') && (
                  <Link to={`/admin/purchase-invoice/new?request=${encodeURIComponent(code)}`}>
                    <Button size="small" type="primary">
                      Receive
                    </Button>
                  </Link>
                )}
                {open && can('update-purchaseReorderInvoice') && (
                  <Popconfirm
                    title="Cancel this purchase request?"
                    onConfirm={() => cancel(code)}
                    okText="Cancel request"
                    cancelText="Keep"
                  >
                    <Button size="small">Cancel</Button>
                  </Popconfirm>
                )}
                {r.state !== 'received' && can('delete-purchaseReorderInvoice') && (
                  <Popconfirm title="Delete this purchase request?" onConfirm={() => remove(code)} okText="Delete">
                    <Button size="small" danger>
                      Delete
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
