import { useQuery } from '@tanstack/react-query';
import { type CustomerDetail, customerName, records, routes } from '@tillbook/contract';
import { Alert, Descriptions, Result, Space, Spin, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { count } from '../../lib/format.ts';
import { must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { RecordHistory } from '../audit/RecordHistory.tsx';
import { SaleLink, withVat } from './sale-format.tsx';
import type { CustomerPayment, SaleReturnDetail } from './sale-types.ts';

type StatementSale = CustomerDetail['saleInvoice'][number];

const dash = (value: string | null | undefined) => value || '—';
const goodsOf = (r: SaleReturnDetail) => r.returnSaleInvoiceProduct.map((l) => `${l.product.name} × ${l.productQuantity}`).join(', ');

/**
 * Says that a statement list holds only the customer's newest rows (the server sends at most its
 * `rowLimit` of each), with the way to all of them where a list screen can show them.
 */
function NewestOnly({ shown, total, noun, all }: { shown: number; total: number; noun: string; all?: ReactNode }) {
  if (shown >= total) return null;
  return (
    <Alert
      type="info"
      style={{ marginBottom: 8 }}
      title={
        <>
          {`The newest ${count(shown)} of ${count(total)} ${noun}; the figures above count them all.`} {all}
        </>
      }
    />
  );
}

/**
 * One customer: who they are, what they bought, brought back and paid, and what they still owe. The sales
 * and returns are the newest first; past the server's limit the page says how many are not listed.
 */
export default function CustomerStatementPage() {
  const id = Number(useParams().id);
  const { can } = usePermissions();
  const payments = useListParams({ prefix: 'payments' });
  const statement = useQuery({
    queryKey: ['customer', id],
    queryFn: () => must(api(records.customer.statement, { params: { id } })),
  });

  if (statement.isLoading) return <Spin />;
  if (!statement.data) {
    return (
      <Result
        status="404"
        title="Customer not found"
        subTitle={statement.error?.message}
        extra={<Link to="/admin/customer">Back to customers</Link>}
      />
    );
  }
  const c = statement.data;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>{`Statement of ${customerName(c)}`}</Typography.Title>
        <Link to="/admin/customer">Back to customers</Link>
      </Space>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 4 }}>
        <Descriptions.Item label="Name">{dash([c.firstName, c.lastName].filter(Boolean).join(' '))}</Descriptions.Item>
        <Descriptions.Item label="Phone">{dash(c.phone)}</Descriptions.Item>
        <Descriptions.Item label="E-mail">{dash(c.email)}</Descriptions.Item>
        <Descriptions.Item label="Address">{dash(c.address)}</Descriptions.Item>
      </Descriptions>
      <Totals
        label="Statement"
        items={[
          ['Sales', c.totalSaleInvoice],
          ['Returns', c.totalReturnSaleInvoice],
          ['Bought', money(c.totalAmount)],
          ['Paid', money(c.totalPaidAmount)],
          ['Returned', money(c.totalReturnAmount)],
          ['Refunded', money(c.instantPaidReturnAmount)],
          ['Due', money(c.dueAmount)],
        ]}
      />
      <section aria-label="Sales">
        <Typography.Title level={4}>Sales</Typography.Title>
        <NewestOnly
          shown={c.saleInvoice.length}
          total={c.totalSaleInvoice}
          noun="sales"
          all={can('readAll-saleInvoice') && <Link to={`/admin/sale-invoice?customerId=${id}`}>See them all in the sale list</Link>}
        />
        <Table<StatementSale>
          rowKey="id"
          size="small"
          dataSource={c.saleInvoice}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: 'No sale yet' }}
          columns={[
            { key: 'id', title: 'No.', render: (_, s) => <SaleLink id={s.id} number={s.number} /> },
            { key: 'date', title: 'Date', dataIndex: 'date' },
            { key: 'total', title: 'Total', align: 'right', render: (_, s) => money(withVat(s.totalAmount, s.totalTaxAmount)) },
            { key: 'paid', title: 'Paid', align: 'right', render: (_, s) => money(s.paidAmount) },
            { key: 'returned', title: 'Returned', align: 'right', render: (_, s) => money(s.returnAmount) },
            { key: 'due', title: 'Due', align: 'right', render: (_, s) => money(s.dueAmount) },
          ]}
        />
      </section>
      <section aria-label="Returns">
        <Typography.Title level={4}>Returns</Typography.Title>
        <NewestOnly shown={c.returnSaleInvoice.length} total={c.totalReturnSaleInvoice} noun="returns" />
        <Table<SaleReturnDetail>
          rowKey="id"
          size="small"
          dataSource={c.returnSaleInvoice}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: 'Nothing brought back' }}
          columns={[
            { key: 'id', title: 'No.', render: (_, r) => <Link to={`/admin/sale-return/${r.id}`}>{`#${r.number}`}</Link> },
            { key: 'date', title: 'Date', dataIndex: 'date' },
            { key: 'sale', title: 'Sale', render: (_, r) => <SaleLink id={r.saleInvoiceId} number={r.saleInvoiceNumber} /> },
            { key: 'goods', title: 'Goods', render: (_, r) => goodsOf(r) },
            { key: 'total', title: 'Amount', align: 'right', render: (_, r) => money(r.totalAmount) },
            { key: 'vat', title: 'VAT', align: 'right', render: (_, r) => money(r.tax) },
            { key: 'refund', title: 'Refunded', align: 'right', render: (_, r) => money(r.instantReturnAmount) },
          ]}
        />
      </section>
      <DocumentListPage<typeof routes.salePayment.list, CustomerPayment>
        title="Payments"
        level={4}
        endpoint={routes.salePayment.list}
        list={payments}
        fixed={{ customerId: String(id) }}
        enabled={can('readAll-paymentSaleInvoice')}
        rows={(a) => a.getAllPaymentSaleInvoice}
        total={(a) => a.totalPaymentSaleInvoice}
        rowKey="id"
        emptyText="No payment received"
        columns={[
          { key: 'date', title: 'Date', dataIndex: 'date' },
          {
            key: 'sale',
            title: 'Sale',
            render: (_, r) => (r.relatedId ? <SaleLink id={Number(r.relatedId)} number={r.saleInvoiceNumber} /> : null),
          },
          { key: 'into', title: 'Received into', render: (_, r) => r.debit.name },
          { key: 'amount', title: 'Amount', align: 'right', render: (_, r) => money(r.amount) },
        ]}
      />
      <RecordHistory entity="customer" id={id} />
    </Space>
  );
}
