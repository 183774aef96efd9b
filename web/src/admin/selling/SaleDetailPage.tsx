import { useQuery, useQueryClient } from '@tanstack/react-query';
import { customerName, routes, sellingMessages } from '@tillbook/contract';
import { Button, Descriptions, Popconfirm, Result, Space, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { LinesTable, money, productCell } from '../../ui/document/LinesTable.tsx';
import { PaymentStatusTag } from '../../ui/document/PaymentStatusTag.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { RecordHistory } from '../audit/RecordHistory.tsx';
import { EmailInvoice } from './EmailInvoice.tsx';
import { withVat } from './sale-format.tsx';
import type { SaleDetail, SaleLedgerRow, SaleLine } from './sale-types.ts';
import { TakePayment } from './TakePayment.tsx';

type SaleReturn = SaleDetail['returnSaleInvoice'][number];

/**
 * One sale: who bought and who sold, its lines with what came back, its returns, its ledger rows
 * (payments among them), paid and due; a payment of the due, undo, reprint and a return at the till.
 */
export default function SaleDetailPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const detail = useQuery({ queryKey: ['sale-invoice', id], queryFn: () => must(api(routes.sale.get, { params: { id } })) });

  async function undo() {
    const result = await api(routes.sale.undo, { params: { id }, body: { status: 'false' } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(sellingMessages.saleDeleted);
    await queryClient.invalidateQueries({ queryKey: ['sale-invoice', id] });
    await queryClient.invalidateQueries({ queryKey: ['list'] });
  }

  if (detail.isLoading) return <Spin />;
  if (!detail.data) {
    return (
      <Result
        status="404"
        title="Sale not found"
        subTitle={detail.error?.message}
        extra={<Link to="/admin/sale-invoice">Back to sale invoices</Link>}
      />
    );
  }
  const d = detail.data;
  const sale = d.singleSaleInvoice;
  const active = sale.state === 'completed';
  const returned = (r: SaleReturn) => r.returnSaleInvoiceProduct.map((l) => `${l.product.name} × ${l.productQuantity}`).join(', ');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>{`Sale #${sale.number}`}</Typography.Title>
          <PaymentStatusTag status={sale.paymentStatus} />
        </Space>
        <Space wrap>
          <Link to={`/admin/sale-invoice/${id}/receipt`}>
            <Button>Reprint</Button>
          </Link>
          <EmailInvoice saleId={id} number={sale.number} customerId={sale.customer.id} />
          {active && can('create-returnSaleInvoice') && (
            <Link to={`/admin/pos?return=${sale.number}`}>
              <Button>Return goods</Button>
            </Link>
          )}
          {active && can('update-saleInvoice') && (
            <Popconfirm
              title="Undo this sale? Its stock comes back and its postings are reversed."
              onConfirm={undo}
              okText="Undo sale"
              cancelText="Keep it"
            >
              <Button danger>Undo sale</Button>
            </Popconfirm>
          )}
          <Link to="/admin/sale-invoice">Back to sale invoices</Link>
        </Space>
      </Space>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 4 }}>
        <Descriptions.Item label="Date">{sale.date}</Descriptions.Item>
        <Descriptions.Item label="Customer">
          {can('readSingle-customer') ? (
            <Link to={`/admin/customer/${sale.customer.id}`}>{customerName(sale.customer)}</Link>
          ) : (
            customerName(sale.customer)
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Salesperson">{sale.user.username}</Descriptions.Item>
        <Descriptions.Item label="Note">{sale.note ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Order">{sale.orderStatus === 'RECEIVED' ? 'Received' : 'Pending'}</Descriptions.Item>
        {sale.invoiceMemoNo && <Descriptions.Item label="Memo no.">{sale.invoiceMemoNo}</Descriptions.Item>}
        {sale.receiptReference && (
          <Descriptions.Item label="Receipt reference">{`${sale.receiptReference}${sale.late ? ' (posted after its session closed)' : ''}`}</Descriptions.Item>
        )}
        {sale.dueDate && <Descriptions.Item label="Due date">{sale.dueDate}</Descriptions.Item>}
        {sale.address && <Descriptions.Item label="Address">{sale.address}</Descriptions.Item>}
      </Descriptions>
      <LinesTable<SaleLine>
        label="Lines"
        rowKey="id"
        lines={sale.saleInvoiceProduct}
        columns={[
          { key: 'name', title: 'Product', render: (_, l) => productCell(l.product) },
          { key: 'qty', title: 'Quantity', dataIndex: 'productQuantity', align: 'right' },
          { key: 'price', title: 'Unit price', align: 'right', render: (_, l) => money(l.productUnitSalePrice) },
          { key: 'discount', title: 'Discount', align: 'right', render: (_, l) => money(l.productDiscount) },
          { key: 'net', title: 'Amount', align: 'right', render: (_, l) => money(l.productFinalAmount) },
          { key: 'vat', title: 'VAT', align: 'right', render: (_, l) => `${l.tax} % / ${money(l.taxAmount)}` },
          { key: 'returned', title: 'Returned', dataIndex: 'returnedQuantity', align: 'right' },
        ]}
      />
      <Totals
        label="Sale figures"
        items={[
          ['Amount', money(sale.totalAmount)],
          ['VAT', money(sale.totalTaxAmount)],
          ['Discount', money(sale.totalDiscountAmount)],
          ...(sale.saleDiscount > 0 ? [['of which on the whole sale', money(sale.saleDiscount)] as [string, string]] : []),
          ['Total with VAT', money(withVat(sale.totalAmount, sale.totalTaxAmount))],
          ['Paid', money(d.totalPaidAmount)],
          ['Returned', money(d.totalReturnAmount)],
          ['Refunded', money(d.instantPaidReturnAmount)],
          ['Due', money(d.dueAmount)],
          ['Status', sale.paymentStatus],
        ]}
      />
      {active && d.dueAmount > 0 && can('create-paymentSaleInvoice') && <TakePayment key={d.dueAmount} saleId={id} due={d.dueAmount} />}
      <Typography.Title level={4} style={{ margin: 0 }}>
        Returns
      </Typography.Title>
      <LinesTable<SaleReturn>
        label="Returns"
        rowKey="id"
        lines={d.returnSaleInvoice}
        emptyText="Nothing brought back"
        columns={[
          { key: 'id', title: 'No.', render: (_, r) => <Link to={`/admin/sale-return/${r.id}`}>{`#${r.number}`}</Link> },
          { key: 'date', title: 'Date', dataIndex: 'date' },
          { key: 'goods', title: 'Goods', render: (_, r) => returned(r) },
          { key: 'total', title: 'Amount', align: 'right', render: (_, r) => money(r.totalAmount) },
          { key: 'vat', title: 'VAT', align: 'right', render: (_, r) => money(r.tax) },
          { key: 'refund', title: 'Refunded', align: 'right', render: (_, r) => money(r.instantReturnAmount) },
        ]}
      />
      <Typography.Title level={4} style={{ margin: 0 }}>
        Payments and postings
      </Typography.Title>
      <LinesTable<SaleLedgerRow>
        label="Ledger"
        rowKey="id"
        lines={d.transactions}
        columns={[
          { key: 'date', title: 'Date', dataIndex: 'date' },
          { key: 'debit', title: 'Debit', dataIndex: 'debit' },
          { key: 'credit', title: 'Credit', dataIndex: 'credit' },
          { key: 'amount', title: 'Amount', align: 'right', render: (_, r) => money(r.amount) },
          { key: 'what', title: 'Particulars', dataIndex: 'particulars' },
        ]}
      />
      <RecordHistory entity="saleInvoice" id={id} />
    </Space>
  );
}
