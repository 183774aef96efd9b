import { useQuery } from '@tanstack/react-query';
import { routes } from '@tillbook/contract';
import { Alert, Col, DatePicker, Row, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { money } from '../../ui/document/LinesTable.tsx';
import { Figure } from './Figure.tsx';
import { OnlineShopFigures } from './OnlineShopFigures.tsx';
import { TillFigures } from './TillFigures.tsx';
import { TopCustomers } from './TopCustomers.tsx';

/** recharts is loaded only with the charts, after the cards. */
const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));

const day = 'YYYY-MM-DD';

/**
 * The ledger accounts behind what is owed both ways (Accounts Receivable and Payable), when the role may
 * read the books: their account pages list the postings the figures add up.
 */
function useOwedAccounts() {
  const { can } = usePermissions();
  const query = useQuery({
    queryKey: ['dashboard-owed-accounts'],
    enabled: can('readAll-account'),
    staleTime: 60_000,
    queryFn: () => must(api(routes.account.list, { query: { type: 'sa', query: 'all', status: 'true,false' } })),
  });
  const rows = query.data && 'getAllSubAccount' in query.data ? query.data.getAllSubAccount : [];
  const idOf = (key: string) => rows.find((r) => r.systemKey === key)?.id;
  return { receivable: idOf('accountsReceivable'), payable: idOf('accountsPayable') };
}

/**
 * The morning view: sales (every channel: the till's and the web shop's, each shown beside), purchases, profit, what is owed both ways, stock at cost and low stock over
 * a date range kept in the URL (this month when none is given), each card linking to the list behind
 * its figure; the online shop's orders; charts of the days and the top products; the top customers. The profit and the stock at
 * cost show only to a role the server sends them to (one holding the cost permission).
 */
export default function Dashboard() {
  const list = useListParams({ filters: ['startDate', 'endDate'] });
  const { startDate, endDate } = list.filters;
  const query = useQuery({
    queryKey: ['dashboard', startDate ?? '', endDate ?? ''],
    queryFn: () => must(api(routes.dashboard.get, { query: { startDate, endDate } })),
  });
  const d = query.data;
  const from = d?.startDate ?? startDate;
  const to = d?.endDate ?? endDate;
  const dates = from && to ? `startDate=${from}&endDate=${to}` : '';
  const owed = useOwedAccounts();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Dashboard
        </Typography.Title>
        <DatePicker.RangePicker
          aria-label="Date range"
          allowClear={false}
          placeholder={['From', 'To']}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(range) => list.setFilters({ startDate: range?.[0]?.format(day), endDate: range?.[1]?.format(day) })}
          style={{ maxWidth: 280 }}
        />
      </Space>
      {query.error ? <Alert type="error" message={query.error.message} showIcon /> : null}
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <section aria-label="Figures">
            <Row gutter={[16, 16]}>
              <Col xs={24} sm={12} lg={6}>
                <Figure
                  title="Sales"
                  value={money(d.totalSaleAmount)}
                  to={`/admin/sale-invoice?${dates}`}
                  note={
                    <>
                      <span data-split="sales">
                        Till {money(d.channels.till.sales)} · web {money(d.channels.web.sales)}
                      </span>
                      <br />
                      Returns {money(d.totalSaleReturn)} · due {money(d.totalSaleDue)}
                    </>
                  }
                />
              </Col>
              <Col xs={24} sm={12} lg={6}>
                <Figure
                  title="Purchases"
                  value={money(d.totalPurchaseAmount)}
                  to="/admin/purchase-invoice"
                  note={`${d.totalPurchaseInvoice} ${d.totalPurchaseInvoice === 1 ? 'invoice' : 'invoices'} · returns ${money(d.totalPurchaseReturn)} · due ${money(d.totalPurchaseDue)}`}
                />
              </Col>
              {d.totalProfit !== undefined && (
                <Col xs={24} sm={12} lg={6}>
                  <Figure
                    title="Profit"
                    value={money(d.totalProfit)}
                    to={`/admin/top-selling?${dates}`}
                    note={`After returns · till ${money(d.channels.till.profit ?? 0)} · web ${money(d.channels.web.profit ?? 0)}`}
                  />
                </Col>
              )}
              <Col xs={24} sm={12} lg={6}>
                <Figure
                  title="Invoices"
                  value={d.totalSaleInvoice}
                  to={`/admin/sale-invoice?${dates}`}
                  note={
                    <span data-split="invoices">{`${d.channels.till.invoices} at the till · ${d.channels.web.invoices} web orders`}</span>
                  }
                />
              </Col>
              <Col xs={24} sm={12} lg={6}>
                <Figure
                  title="Receivable"
                  value={money(d.receivable)}
                  to={owed.receivable ? `/admin/account/${owed.receivable}?endDate=${to}` : `/admin/sale-invoice?endDate=${to}`}
                  note={`Customers owe at ${to}`}
                />
              </Col>
              <Col xs={24} sm={12} lg={6}>
                <Figure
                  title="Payable"
                  value={money(d.payable)}
                  to={owed.payable ? `/admin/account/${owed.payable}?endDate=${to}` : '/admin/purchase-invoice'}
                  note={`Owed to suppliers at ${to}`}
                />
              </Col>
              {d.stockValue !== undefined && (
                <Col xs={24} sm={12} lg={6}>
                  <Figure title="Stock value" value={money(d.stockValue)} to="/admin/product" note="On hand at average cost" />
                </Col>
              )}
              <Col xs={24} sm={12} lg={6}>
                <Figure title="Low stock" value={d.lowStockCount} to="/admin/reorder" note="At or below reorder level" />
              </Col>
            </Row>
          </section>
          <OnlineShopFigures online={d.online} dates={dates} />
          <TillFigures tills={d.tills} />
          <Suspense fallback={<Skeleton active />}>
            <DashboardCharts data={d} />
          </Suspense>
          <TopCustomers rows={d.topCustomers} withProfit={d.totalProfit !== undefined} />
        </>
      )}
    </Space>
  );
}
