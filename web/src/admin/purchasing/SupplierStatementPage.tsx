import { useQuery } from '@tanstack/react-query';
import { records, type SupplierReport } from '@tillbook/contract';
import { Table, Typography } from 'antd';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { money } from '../../ui/document/LinesTable.tsx';

type Row = SupplierReport['allSupplier'][number];

/** What each active supplier was sold us, paid, returned and is owed (GET supplier?query=report), with the grand totals. */
export default function SupplierStatementPage() {
  const report = useQuery({
    queryKey: ['list', records.supplier.report.path, 'report'],
    queryFn: () => must(api(records.supplier.report, { query: { query: 'report' } })),
  });
  const g = report.data?.grandData;
  return (
    <>
      <Typography.Title level={3}>Supplier statements</Typography.Title>
      <Table<Row>
        rowKey="id"
        loading={report.isLoading}
        dataSource={report.data?.allSupplier ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          { key: 'name', title: 'Supplier', dataIndex: 'name' },
          { key: 'phone', title: 'Phone', dataIndex: 'phone' },
          { key: 'total', title: 'Bought', align: 'right', render: (_, r) => money(r.totalAmount) },
          { key: 'paid', title: 'Paid', align: 'right', render: (_, r) => money(r.totalPaidAmount) },
          { key: 'returned', title: 'Returned', align: 'right', render: (_, r) => money(r.totalReturnAmount) },
          { key: 'back', title: 'Paid back', align: 'right', render: (_, r) => money(r.instantPaidReturnAmount) },
          { key: 'due', title: 'Due', align: 'right', render: (_, r) => money(r.dueAmount) },
        ]}
        summary={() =>
          g && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                All suppliers
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {money(g.grandTotalAmount)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {money(g.grandTotalPaidAmount)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {money(g.grandTotalReturnAmount)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {money(g.grandInstantPaidReturnAmount)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {money(g.grandDueAmount)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
      />
    </>
  );
}
