import { formatMoney, messages, toCents, type AdjustTotals } from '@tillbook/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { http, must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';

interface Adjustment extends AdjustTotals {
  id: number;
  date: string;
  note: string | null;
  status: string;
  user?: { username: string } | null;
}
interface AdjustLine { id: number; adjustQuantity: number; adjustType: string; reason: string | null; unitCost: number; totalPrice: number; product: { name: string; sku: string } }

const money = (value: unknown) => formatMoney(toCents((value ?? 0) as number));

/** The lines of one adjustment, read when its row is opened. */
function Lines({ id }: { id: number }) {
  const detail = useQuery({ queryKey: ['adjust-inventory', id], queryFn: () => must(http.get<{ adjustInvoiceProduct: AdjustLine[] }>(`adjust-inventory/${id}`)) });
  return (
    <Table<AdjustLine>
      size="small"
      rowKey="id"
      loading={detail.isLoading}
      pagination={false}
      dataSource={detail.data?.adjustInvoiceProduct ?? []}
      columns={[
        { key: 'name', title: 'Product', render: (_, l) => `${l.product.name} (${l.product.sku})` },
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
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 1);
  const count = Number(params.get('count') ?? 10);
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const filters = { page, count, status: 'true,false' };
  const list = useQuery({ queryKey: ['list', 'adjust-inventory', filters], queryFn: () => must(http.get<{ getAllAdjustInvoice: Adjustment[]; _count: { id: number } }>('adjust-inventory', { filters })) });

  async function reverse(row: Adjustment) {
    const result = await http.patch(`adjust-inventory/${row.id}`, { status: 'false' }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(messages.adjustDeleted);
    await queryClient.invalidateQueries({ queryKey: ['list', 'adjust-inventory'] });
    await queryClient.invalidateQueries({ queryKey: ['adjust-inventory', row.id] });
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>Adjust inventory</Typography.Title>
        {can('create-adjust') && <Link to="/admin/adjust-inventory/new"><Button type="primary">New adjustment</Button></Link>}
      </Space>
      <Table<Adjustment>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.getAllAdjustInvoice ?? []}
        expandable={{ expandedRowRender: (row) => <Lines id={row.id} /> }}
        pagination={{ current: page, pageSize: count, total: list.data?._count.id ?? 0, showTotal: (n) => `${n} in all`, onChange: (p, c) => setParams({ page: String(p), count: String(c) }) }}
        locale={{ emptyText: list.error ? list.error.message : 'Nothing here yet' }}
        columns={[
          { key: 'id', title: 'No.', dataIndex: 'id' },
          { key: 'date', title: 'Date', render: (_, r) => String(r.date ?? '').slice(0, 10) },
          { key: 'note', title: 'Note', dataIndex: 'note' },
          { key: 'inc', title: 'Increment', align: 'right', render: (_, r) => `${r.totalIncrementQuantity} / ${money(r.totalIncrementPrice)}` },
          { key: 'dec', title: 'Decrement', align: 'right', render: (_, r) => `${r.totalDecrementQuantity} / ${money(r.totalDecrementPrice)}` },
          { key: 'by', title: 'By', render: (_, r) => r.user?.username ?? '' },
          { key: 'status', title: 'Status', render: (_, r) => (r.status === 'true' ? <Tag color="green">Active</Tag> : <Tag>Reversed</Tag>) },
          {
            key: 'actions',
            title: 'Actions',
            render: (_, r) =>
              r.status === 'true' && can('update-adjust') ? (
                <Popconfirm title="Reverse this adjustment? Its stock changes are undone." onConfirm={() => reverse(r)} okText="Reverse">
                  <Button size="small" danger>Reverse</Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Space>
  );
}
