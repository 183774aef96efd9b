import { useQuery } from '@tanstack/react-query';
import { customerName, routes } from '@tillbook/contract';
import { Button, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { instant } from '../../lib/format.ts';
import { must } from '../../lib/http.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { LinesTable, money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { RecordHistory } from '../audit/RecordHistory.tsx';
import { ReturnLink, ReturnStatusTag, ReturnTypeTag } from '../returns/return-format.tsx';
import { OrderStatusActions } from './OrderStatusActions.tsx';
import { orderFigures } from './order-figures.ts';
import { lineName, OrderStatusTag, statusLabels, VerificationTag } from './order-format.tsx';
import type { OrderHistoryRow, OrderLedgerRow, OrderLine, OrderReturnRow } from './order-types.ts';

/**
 * One web order: the shopper and where it goes, its lines, its figures, how it is paid and whether the
 * payment is verified, its status history and ledger postings; the next statuses as buttons, and the
 * packing slip and the invoice to print.
 */
export default function OrderPage() {
  const id = Number(useParams().id);
  const { can } = usePermissions();
  const detail = useQuery({ queryKey: ['cart-order', id], queryFn: () => must(api(routes.order.get, { params: { id } })) });

  if (detail.isLoading) return <Spin />;
  if (!detail.data) {
    return (
      <Result
        status="404"
        title="Order not found"
        subTitle={detail.error?.message}
        extra={<Link to="/admin/cart-order">Back to orders</Link>}
      />
    );
  }
  const d = detail.data;
  const order = d.singleCartOrder;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>{`Order #${order.id}`}</Typography.Title>
          <OrderStatusTag status={order.orderStatus} />
        </Space>
        <Space wrap>
          <Link to={`/admin/cart-order/${id}/print/packing-slip`}>
            <Button>Packing slip</Button>
          </Link>
          <Link to={`/admin/cart-order/${id}/print/invoice`}>
            <Button>Invoice</Button>
          </Link>
          <Link to="/admin/cart-order">Back to orders</Link>
        </Space>
      </Space>
      {can('update-cartOrder') && (
        <OrderStatusActions
          orderId={id}
          next={d.nextStatuses}
          deliveryFee={d.deliveryFee}
          courierMediumId={order.courierMediumId}
          paymentToVerify={order.isCod !== 'true' && order.isVerified !== 'Accept'}
        />
      )}
      <section aria-label="Order details">
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label="Date">{order.date}</Descriptions.Item>
          <Descriptions.Item label="Shopper">
            {can('readSingle-customer') ? (
              <Link to={`/admin/customer/${order.customer.id}`}>{customerName(order.customer)}</Link>
            ) : (
              customerName(order.customer)
            )}
          </Descriptions.Item>
          <Descriptions.Item label="E-mail">{order.customer.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Phone">{order.customerPhone ?? order.customer.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Delivery address">
            <span style={{ whiteSpace: 'pre-line' }}>{order.deliveryAddress ?? '—'}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Delivery area">{order.deliveryArea ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Payment method">{order.paymentMethod}</Descriptions.Item>
          <Descriptions.Item label="Payment">
            <Space wrap>
              <VerificationTag state={order.isVerified} isCod={order.isCod} />
              {order.isCod !== 'true' && can('readAll-manualPayment') && (
                <Link to={`/admin/manual-payment?cartOrderId=${order.id}`}>Manual payments</Link>
              )}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="Courier">{order.courierMedium ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Tracking number">
            <span data-testid="order-tracking">{order.trackingNumber ?? '—'}</span>
          </Descriptions.Item>
          {order.note && (
            <Descriptions.Item label="Note">
              <span style={{ whiteSpace: 'pre-line' }}>{order.note}</span>
            </Descriptions.Item>
          )}
        </Descriptions>
      </section>
      <LinesTable<OrderLine>
        label="Lines"
        rowKey="id"
        lines={order.cartOrderProduct}
        columns={[
          { key: 'name', title: 'Product', render: (_, l) => lineName(l) },
          { key: 'qty', title: 'Quantity', dataIndex: 'productQuantity', align: 'right' },
          { key: 'price', title: 'Unit price', align: 'right', render: (_, l) => money(l.unitPrice) },
          { key: 'discount', title: 'Discount', align: 'right', render: (_, l) => money(l.discount) },
          { key: 'vat', title: 'VAT', align: 'right', render: (_, l) => `${l.productVat} % / ${money(l.vatAmount)}` },
          { key: 'total', title: 'Amount', align: 'right', render: (_, l) => money(l.lineTotal) },
        ]}
      />
      <Totals label="Order figures" items={orderFigures(d)} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        Status history
      </Typography.Title>
      <LinesTable<OrderHistoryRow & { key: string }>
        label="Status history"
        rowKey="key"
        lines={order.history.map((h, i) => ({ ...h, key: `${i}-${h.orderStatus}` }))}
        emptyText="No change yet"
        columns={[
          { key: 'when', title: 'When', render: (_, h) => instant(h.createdAt) },
          { key: 'status', title: 'Status', render: (_, h) => statusLabels[h.orderStatus] },
        ]}
      />
      {order.returnCartOrder.length > 0 && (
        <>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Returns
          </Typography.Title>
          <LinesTable<OrderReturnRow>
            label="Returns"
            rowKey="id"
            lines={order.returnCartOrder}
            columns={[
              { key: 'id', title: 'Return', render: (_, r) => <ReturnLink id={r.id} /> },
              { key: 'date', title: 'Date', dataIndex: 'date' },
              { key: 'type', title: 'Asked for', render: (_, r) => <ReturnTypeTag type={r.returnType} /> },
              { key: 'status', title: 'Status', render: (_, r) => <ReturnStatusTag status={r.returnCartOrderStatus} /> },
              {
                key: 'units',
                title: 'Units',
                align: 'right',
                render: (_, r) => r.returnCartOrderProduct.reduce((n, l) => n + l.productQuantity, 0),
              },
              { key: 'amount', title: 'Amount', align: 'right', render: (_, r) => money(r.totalAmount) },
            ]}
          />
        </>
      )}
      <Typography.Title level={4} style={{ margin: 0 }}>
        Payments and postings
      </Typography.Title>
      <LinesTable<OrderLedgerRow>
        label="Ledger"
        rowKey="id"
        lines={d.transactions}
        emptyText="Nothing posted"
        columns={[
          { key: 'date', title: 'Date', dataIndex: 'date' },
          { key: 'debit', title: 'Debit', dataIndex: 'debit' },
          { key: 'credit', title: 'Credit', dataIndex: 'credit' },
          { key: 'amount', title: 'Amount', align: 'right', render: (_, r) => money(r.amount) },
          { key: 'what', title: 'Particulars', dataIndex: 'particulars' },
        ]}
      />
      <RecordHistory entity="cartOrder" id={id} />
    </Space>
  );
}
