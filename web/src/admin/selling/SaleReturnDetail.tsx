import { useQuery } from '@tanstack/react-query';
import { customerName, routes } from '@tillbook/contract';
import { Descriptions, Result, Space, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { LinesTable, money, productCell } from '../../ui/document/LinesTable.tsx';
import { RecordHistory } from '../audit/RecordHistory.tsx';
import { SaleLink } from './sale-format.tsx';
import type { SaleReturnLine } from './sale-types.ts';

const useSaleReturn = (id: number) =>
  useQuery({ queryKey: ['return-sale-invoice', id], queryFn: () => must(api(routes.returnSale.get, { params: { id } })) });

/** The goods of one sale return, with the sale line's price prorated. */
export function SaleReturnLines({ id }: { id: number }) {
  const detail = useSaleReturn(id);
  return (
    <LinesTable<SaleReturnLine>
      label="Returned goods"
      rowKey="id"
      loading={detail.isLoading}
      lines={detail.data?.returnSaleInvoiceProduct ?? []}
      columns={[
        { key: 'name', title: 'Product', render: (_, l) => productCell(l.product) },
        { key: 'qty', title: 'Quantity', dataIndex: 'productQuantity', align: 'right' },
        { key: 'price', title: 'Unit price', align: 'right', render: (_, l) => money(l.productUnitSalePrice) },
        { key: 'net', title: 'Amount', align: 'right', render: (_, l) => money(l.productFinalAmount) },
        { key: 'vat', title: 'VAT', align: 'right', render: (_, l) => `${l.tax} % / ${money(l.taxAmount)}` },
      ]}
    />
  );
}

/** One sale return: against which sale, for whom, by whom, the goods and the money handed back. */
export default function SaleReturnDetailPage() {
  const id = Number(useParams().id);
  const detail = useSaleReturn(id);
  if (detail.isLoading) return <Spin />;
  if (!detail.data) {
    return (
      <Result
        status="404"
        title="Sale return not found"
        subTitle={detail.error?.message}
        extra={<Link to="/admin/sale-return">Back to sale returns</Link>}
      />
    );
  }
  const r = detail.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>{`Sale return #${r.number}`}</Typography.Title>
        <Link to="/admin/sale-return">Back to sale returns</Link>
      </Space>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
        <Descriptions.Item label="Date">{r.date}</Descriptions.Item>
        <Descriptions.Item label="Sale">
          <SaleLink id={r.saleInvoiceId} number={r.saleInvoiceNumber} />
        </Descriptions.Item>
        <Descriptions.Item label="Customer">{customerName(r.customer)}</Descriptions.Item>
        <Descriptions.Item label="Taken back by">{r.user.username}</Descriptions.Item>
        <Descriptions.Item label="Amount">{money(r.totalAmount)}</Descriptions.Item>
        <Descriptions.Item label="VAT">{money(r.tax)}</Descriptions.Item>
        <Descriptions.Item label="Refunded">{money(r.instantReturnAmount)}</Descriptions.Item>
        <Descriptions.Item label="Memo no.">{r.invoiceMemoNo ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Note">{r.note ?? '—'}</Descriptions.Item>
      </Descriptions>
      <SaleReturnLines id={id} />
      <RecordHistory entity="returnSaleInvoice" id={id} />
    </Space>
  );
}
