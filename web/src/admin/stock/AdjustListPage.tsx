import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdjustLine, type Adjustment, messages, routes } from '@tillbook/contract';
import { Button, Popconfirm, Tag } from 'antd';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { day } from '../../lib/format.ts';
import { must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { LinesTable, money, productCell } from '../../ui/document/LinesTable.tsx';

/** The lines of one adjustment, read when its row is opened. */
function Lines({ id }: { id: number }) {
  const detail = useQuery({ queryKey: ['adjust-inventory', id], queryFn: () => must(api(routes.adjust.get, { params: { id } })) });
  return (
    <LinesTable<AdjustLine>
      rowKey="id"
      loading={detail.isLoading}
      lines={detail.data?.adjustInvoiceProduct ?? []}
      columns={[
        { key: 'name', title: 'Product', render: (_, l) => productCell(l.product) },
        { key: 'type', title: 'Change', render: (_, l) => (l.adjustType === 'increment' ? 'Increment' : 'Decrement') },
        { key: 'qty', title: 'Quantity', dataIndex: 'adjustQuantity', align: 'right' },
        { key: 'cost', title: 'Unit cost', align: 'right', render: (_, l) => money(l.unitCost) },
        { key: 'total', title: 'Value', align: 'right', render: (_, l) => money(l.totalPrice) },
        { key: 'reason', title: 'Reason', dataIndex: 'reason' },
      ]}
    />
  );
}

/** Adjust inventory: each adjustment with its increment and decrement totals at cost; reversible once. */
export default function AdjustListPage() {
  const list = useListParams();
  const queryClient = useQueryClient();
  const { can } = usePermissions();

  async function reverse(row: Adjustment) {
    const result = await api(routes.adjust.reverse, { params: { id: row.id }, body: { status: 'false' } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(messages.adjustDeleted);
    await queryClient.invalidateQueries({ queryKey: ['list', routes.adjust.list.path] });
    await queryClient.invalidateQueries({ queryKey: ['adjust-inventory', row.id] });
  }

  return (
    <DocumentListPage<typeof routes.adjust.list, Adjustment>
      title="Adjust inventory"
      endpoint={routes.adjust.list}
      list={list}
      fixed={{ status: 'true,false' }}
      rows={(a) => a.getAllAdjustInvoice}
      total={(a) => a._count.id}
      rowKey="id"
      expand={(row) => <Lines id={row.id} />}
      tools={
        can('create-adjust') && (
          <Link to="/admin/adjust-inventory/new">
            <Button type="primary">New adjustment</Button>
          </Link>
        )
      }
      columns={[
        { key: 'id', title: 'No.', dataIndex: 'id' },
        { key: 'date', title: 'Date', render: (_, r) => day(r.date) },
        { key: 'note', title: 'Note', dataIndex: 'note' },
        {
          key: 'inc',
          title: 'Increment',
          align: 'right',
          render: (_, r) => `${r.totalIncrementQuantity} / ${money(r.totalIncrementPrice)}`,
        },
        {
          key: 'dec',
          title: 'Decrement',
          align: 'right',
          render: (_, r) => `${r.totalDecrementQuantity} / ${money(r.totalDecrementPrice)}`,
        },
        { key: 'by', title: 'By', render: (_, r) => r.user?.username ?? '' },
        { key: 'status', title: 'Status', render: (_, r) => (r.status === 'true' ? <Tag color="green">Active</Tag> : <Tag>Reversed</Tag>) },
        {
          key: 'actions',
          title: 'Actions',
          render: (_, r) =>
            r.status === 'true' && can('update-adjust') ? (
              <Popconfirm title="Reverse this adjustment? Its stock changes are undone." onConfirm={() => reverse(r)} okText="Reverse">
                <Button size="small" danger>
                  Reverse
                </Button>
              </Popconfirm>
            ) : null,
        },
      ]}
    />
  );
}
