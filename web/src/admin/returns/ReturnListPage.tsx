import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { costPermission, customerName, routes } from '@tillbook/contract';
import { Input, Select, Tabs } from 'antd';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { DateRangeFilter } from '../../ui/document/DateRangeFilter.tsx';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { OrderLink } from '../orders/order-format.tsx';
import { ReturnLink, ReturnStatusTag, ReturnTypeTag, returnDeskStatuses, returnStatusLabels, returnTypeLabels } from './return-format.tsx';
import type { ReturnList, ReturnRow } from './return-types.ts';

const filters = ['startDate', 'endDate', 'returnCartOrderStatus', 'returnType', 'key', 'sort', 'order'] as const;
const types = (['REFUND', 'PRODUCT'] as const).map((t) => ({ value: t, label: returnTypeLabels[t] }));

/**
 * Web orders' returns, newest first: a tab per status with how many returns each holds (over the other
 * filters), the kind asked for, searched by return, order or shopper, between two days; the totals are over
 * every matching return. Page, tab and filters live in the address.
 */
export default function ReturnListPage() {
  const list = useListParams({ filters });
  const { can } = usePermissions();
  const seesCost = can(costPermission);
  // the tab counts: asked once per filters, not per tab or page
  const { returnCartOrderStatus, page: _page, count: _count, sort: _sort, order: _order, ...others } = list.query;
  const counts = useQuery({
    queryKey: ['list', routes.returnOrder.list.path, 'counts', others],
    queryFn: () => must(api(routes.returnOrder.list, { query: { ...others, page: 1, count: 1 } })),
    placeholderData: keepPreviousData,
  });
  const byStatus = counts.data?.aggregations.byStatus ?? {};
  const all = Object.values(byStatus).reduce((sum, n) => sum + n, 0);
  const tab = (label: string, n: number | undefined) => (counts.data ? `${label} (${n ?? 0})` : label);

  const tabs = (
    <Tabs
      aria-label="Return status"
      activeKey={returnCartOrderStatus ? String(returnCartOrderStatus) : 'all'}
      onChange={(key) => list.setFilters({ returnCartOrderStatus: key === 'all' ? undefined : key })}
      items={[
        { key: 'all', label: tab('All', all) },
        ...returnDeskStatuses.map((s) => ({ key: s, label: tab(returnStatusLabels[s], byStatus[s]) })),
      ]}
    />
  );

  return (
    <DocumentListPage<typeof routes.returnOrder.list, ReturnRow>
      title="Web returns"
      endpoint={routes.returnOrder.list}
      list={list}
      emptyText="No return matches"
      rows={(a) => a.getAllReturnCartOrder}
      total={(a) => a.totalReturnCartOrder}
      rowKey="id"
      nav={tabs}
      tools={
        <>
          <Input.Search
            aria-label="Search returns"
            placeholder="Return, order or shopper"
            allowClear
            defaultValue={list.filters.key}
            onSearch={(text) => list.setFilters({ key: text.trim() })}
            style={{ width: 220 }}
          />
          <Select
            aria-label="Return type"
            placeholder="Refund or replacement"
            allowClear
            options={types}
            value={list.filters.returnType}
            onChange={(v) => list.setFilters({ returnType: v })}
            style={{ width: 190 }}
          />
          <DateRangeFilter list={list} />
        </>
      }
      totals={(a: ReturnList) => (
        <Totals
          label="Return totals"
          items={[
            ['Returns', a.aggregations._count.id],
            ['Units', a.aggregations._sum.totalQuantity],
            ['To give back', money(a.aggregations._sum.totalAmount)],
            ['VAT', money(a.aggregations._sum.totalVatAmount)],
            ['Discount', money(a.aggregations._sum.totalDiscountAmount)],
            ['Coupon share', money(a.aggregations._sum.couponAmount)],
            ...(seesCost ? [['Cost', money(a.aggregations._sum.cost)] as [string, string]] : []),
          ]}
        />
      )}
      columns={[
        { key: 'id', title: 'Return', sorter: true, render: (_, r) => <ReturnLink id={r.id} /> },
        { key: 'state', title: 'Status', render: (_, r) => <ReturnStatusTag status={r.returnCartOrderStatus} /> },
        { key: 'type', title: 'Asked for', render: (_, r) => <ReturnTypeTag type={r.returnType} /> },
        { key: 'date', title: 'Date', dataIndex: 'date', sorter: true },
        { key: 'order', title: 'Order', render: (_, r) => <OrderLink id={r.cartOrderId} /> },
        { key: 'shopper', title: 'Shopper', render: (_, r) => customerName(r.customer) },
        { key: 'units', title: 'Units', align: 'right', render: (_, r) => r.totalQuantity },
        { key: 'totalAmount', title: 'Amount', align: 'right', sorter: true, render: (_, r) => money(r.totalAmount) },
        {
          key: 'note',
          title: 'Reason',
          render: (_, r) => (
            <span style={{ display: 'inline-block', maxWidth: 260, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.note ?? ''}</span>
          ),
        },
      ]}
    />
  );
}
