import { Card, Table } from 'antd';
import { money } from '../../ui/document/LinesTable.tsx';
import type { DashboardData } from './dashboard-types.ts';

type Row = DashboardData['topCustomers'][number];

/** The range's five best customers by sales on every channel (the walk-in included; a shopper's web orders are theirs), each channel's beside. */
export function TopCustomers({ rows, withProfit }: { rows: DashboardData['topCustomers']; withProfit: boolean }) {
  return (
    <Card size="small" title={<h4 style={{ fontSize: 16, margin: 0 }}>Top customers</h4>}>
      <Table
        aria-label="Top customers"
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        scroll={{ x: true }}
        locale={{ emptyText: 'No sales in this range' }}
        columns={[
          { key: 'name', title: 'Customer', dataIndex: 'name' },
          { key: 'invoices', title: 'Invoices', dataIndex: 'invoices', align: 'right' },
          { key: 'sales', title: 'Sales', align: 'right', render: (_, r) => money(r.sales) },
          { key: 'tillSales', title: 'Till', align: 'right', render: (_, r) => money(r.tillSales) },
          { key: 'webSales', title: 'Web', align: 'right', render: (_, r) => money(r.webSales) },
          ...(withProfit
            ? [{ key: 'profit', title: 'Profit', align: 'right' as const, render: (_: unknown, r: Row) => money(r.profit) }]
            : []),
        ]}
      />
    </Card>
  );
}
