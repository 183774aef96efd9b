import { useQueryClient } from '@tanstack/react-query';
import { customerName, resources, routes } from '@tillbook/contract';
import { Button, Grid, Input, Popconfirm, Select, Space } from 'antd';
import { api } from '../../lib/api.ts';
import { instant } from '../../lib/format.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { DateRangeFilter } from '../../ui/document/DateRangeFilter.tsx';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';
import { OrderLink, OrderStatusTag, VerificationTag } from './order-format.tsx';
import type { ManualPayment } from './order-types.ts';

const filters = ['startDate', 'endDate', 'key', 'paymentMethodId', 'cartOrderId', 'isVerified', 'sort', 'order'] as const;
const methods = refTo(resources.paymentMethod);
const states = [
  { value: 'Pending', label: 'To verify' },
  { value: 'Accept', label: 'Accepted' },
  { value: 'Reject', label: 'Rejected' },
];

/**
 * How shoppers paid their orders, newest first: the account and the transaction id they gave, to check
 * against the bank or wallet, then Accept or Reject (once). Cash on delivery has nothing to check before:
 * the courier collects it.
 */
export default function ManualPaymentListPage() {
  const list = useListParams({ filters });
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const mayVerify = can('update-manualPayment');
  const wide = Grid.useBreakpoint().md ?? false;

  async function verify(row: ManualPayment, isVerified: 'Accept' | 'Reject') {
    const result = await api(routes.manualPayment.verify, { params: { id: row.id }, body: { isVerified } }, { toast: true });
    await queryClient.invalidateQueries({ queryKey: ['list'] });
    await queryClient.invalidateQueries({ queryKey: ['cart-order', row.cartOrderId] });
    if (result.error !== undefined) return;
    notify.success(result.data.message || `Payment of order #${row.cartOrderId} ${isVerified === 'Accept' ? 'accepted' : 'rejected'}`);
  }

  return (
    <DocumentListPage<typeof routes.manualPayment.list, ManualPayment>
      title="Manual payments"
      endpoint={routes.manualPayment.list}
      list={list}
      rows={(a) => a.getAllManualPayment}
      total={(a) => a.totalManualPayment}
      rowKey="id"
      emptyText="No payment matches"
      tools={
        <>
          <Input.Search
            aria-label="Search payments"
            placeholder="Order, shopper or transaction"
            allowClear
            defaultValue={list.filters.key}
            onSearch={(text) => list.setFilters({ key: text.trim() })}
            style={{ width: 240 }}
          />
          <RefSelect
            source={methods}
            aria-label="Payment method"
            placeholder="Any payment method"
            value={list.filters.paymentMethodId ? Number(list.filters.paymentMethodId) : undefined}
            onChange={(v) => list.setFilters({ paymentMethodId: v as number | undefined })}
            style={{ width: 180 }}
          />
          <Select
            aria-label="Verification"
            placeholder="Any verification"
            allowClear
            options={states}
            value={list.filters.isVerified}
            onChange={(v) => list.setFilters({ isVerified: v })}
            style={{ width: 160 }}
          />
          <DateRangeFilter list={list} />
        </>
      }
      totals={(a) => (
        <Totals
          label="Payment totals"
          items={[
            ['Payments', a.totalManualPayment],
            ['Amount', money(a.aggregations._sum.amount)],
          ]}
        />
      )}
      columns={[
        { key: 'createdAt', title: 'When', sorter: true, render: (_, r) => instant(r.createdAt) },
        {
          key: 'order',
          title: 'Order',
          render: (_, r) => (
            <Space size={4} wrap>
              <OrderLink id={r.cartOrderId} />
              <OrderStatusTag status={r.orderStatus} />
            </Space>
          ),
        },
        { key: 'shopper', title: 'Shopper', render: (_, r) => customerName(r.customer) },
        { key: 'method', title: 'Method', dataIndex: 'paymentMethod' },
        { key: 'amount', title: 'Amount', align: 'right', sorter: true, render: (_, r) => money(r.amount) },
        { key: 'verified', title: 'Verification', render: (_, r) => <VerificationTag state={r.isVerified} isCod={r.isCod} /> },
        {
          // what to look for in the bank or wallet: the shopper's account and their transaction id
          key: 'sent',
          title: 'Paid from',
          render: (_, r) =>
            r.CustomerAccount || r.CustomerTransactionId ? (
              <>
                <div>{r.CustomerAccount}</div>
                <div>{r.CustomerTransactionId}</div>
              </>
            ) : null,
        },
        {
          key: 'actions',
          title: 'Actions',
          // kept in view on a wide screen; on a phone it scrolls with the row, after what it verifies
          fixed: wide ? 'right' : undefined,
          render: (_, r) =>
            mayVerify &&
            r.isCod !== 'true' &&
            r.isVerified === 'Pending' && (
              <Space>
                <Popconfirm
                  title={`Accept ${money(r.amount)} for order #${r.cartOrderId}?`}
                  okText="Accept"
                  cancelText="Not yet"
                  onConfirm={() => verify(r, 'Accept')}
                >
                  <Button size="small" type="primary">
                    Accept
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={`Reject this payment? The shopper is asked to pay order #${r.cartOrderId} again.`}
                  okText="Reject"
                  cancelText="Not yet"
                  onConfirm={() => verify(r, 'Reject')}
                >
                  <Button size="small" danger>
                    Reject
                  </Button>
                </Popconfirm>
              </Space>
            ),
        },
      ]}
    />
  );
}
