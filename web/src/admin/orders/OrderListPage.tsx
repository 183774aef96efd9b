import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { costPermission, customerName, routes } from '@tillbook/contract';
import { Input, Space, Tabs } from 'antd';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { DateRangeFilter } from '../../ui/document/DateRangeFilter.tsx';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { deskStatuses, OrderLink, OrderStatusTag, statusLabels, VerificationTag } from './order-format.tsx';
import type { OrderList, OrderRow } from './order-types.ts';

const filters = ['startDate', 'endDate', 'orderStatus', 'key', 'sort', 'order'] as const;

/**
 * The web orders, newest first, a tab per status with how many orders each holds (over the other
 * filters), searched by order number or shopper, between two days; the totals are over every matching order.
 */
export default function OrderListPage() {
  const list = useListParams({ filters });
  const { can } = usePermissions();
  const seesCost = can(costPermission);
  // the tab counts (the server counts per status over the other filters): asked once per filters, not per tab or page
  const { orderStatus, page: _page, count: _count, sort: _sort, order: _order, ...others } = list.query;
  const counts = useQuery({
    queryKey: ['list', routes.order.list.path, 'counts', others],
    queryFn: () => must(api(routes.order.list, { query: { ...others, page: 1, count: 1 } })),
    placeholderData: keepPreviousData,
  });
  const byStatus = counts.data?.aggregations.byStatus ?? {};
  const all = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  const tab = (label: string, n: number | undefined) => (counts.data ? `${label} (${n ?? 0})` : label);

  const tabs = (
    <Tabs
      aria-label="Order status"
      activeKey={orderStatus ? String(orderStatus) : 'all'}
      onChange={(key) => list.setFilters({ orderStatus: key === 'all' ? undefined : key })}
      items={[{ key: 'all', label: tab('All', all) }, ...deskStatuses.map((s) => ({ key: s, label: tab(statusLabels[s], byStatus[s]) }))]}
    />
  );

  return (
    <DocumentListPage<typeof routes.order.list, OrderRow>
      title="Orders"
      endpoint={routes.order.list}
      list={list}
      emptyText="No order matches"
      rows={(a) => a.getAllCartOrder}
      total={(a) => a.totalCartOrder}
      rowKey="id"
      nav={tabs}
      tools={
        <>
          <Input.Search
            aria-label="Search orders"
            placeholder="Order no. or shopper"
            allowClear
            defaultValue={list.filters.key}
            onSearch={(text) => list.setFilters({ key: text.trim() })}
            style={{ width: 220 }}
          />
          <DateRangeFilter list={list} />
        </>
      }
      totals={(a: OrderList) => (
        <Totals
          label="Order totals"
          items={[
            ['Orders', a.aggregations._count.id],
            ['Total', money(a.aggregations._sum.totalAmount)],
            ['VAT', money(a.aggregations._sum.vat)],
            ['Discount', money(a.aggregations._sum.discount)],
            ['Coupons', money(a.aggregations._sum.coupon)],
            ['Delivery fees', money(a.aggregations._sum.deliveryFee)],
            ['Paid', money(a.aggregations._sum.paidAmount)],
            ['Due', money(a.aggregations._sum.dueAmount)],
            ...(seesCost ? [['Profit', money(a.aggregations._sum.profit)] as [string, string]] : []),
          ]}
        />
      )}
      columns={[
        { key: 'id', title: 'Order', sorter: true, render: (_, r) => <OrderLink id={r.id} /> },
        { key: 'state', title: 'Status', render: (_, r) => <OrderStatusTag status={r.orderStatus} /> },
        { key: 'date', title: 'Date', dataIndex: 'date', sorter: true },
        { key: 'shopper', title: 'Shopper', render: (_, r) => customerName(r.customer) },
        { key: 'area', title: 'Delivery area', render: (_, r) => r.deliveryArea ?? '' },
        { key: 'totalAmount', title: 'Total', align: 'right', sorter: true, render: (_, r) => money(r.totalAmount) },
        { key: 'due', title: 'Due', align: 'right', render: (_, r) => money(r.dueAmount) },
        {
          key: 'payment',
          title: 'Payment',
          render: (_, r) => (
            <Space size={4} wrap>
              {r.paymentMethod}
              <VerificationTag state={r.isVerified} isCod={r.isCod} />
            </Space>
          ),
        },
        { key: 'courier', title: 'Courier', render: (_, r) => r.courierMedium ?? '' },
      ]}
    />
  );
}
