import { useQuery } from '@tanstack/react-query';
import { costPermission, customerName, routes } from '@tillbook/contract';
import { Alert, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { LinesTable, money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { RecordHistory } from '../audit/RecordHistory.tsx';
import { OrderLink, OrderStatusTag } from '../orders/order-format.tsx';
import { ReOrderButton } from './ReOrderButton.tsx';
import { ReturnStatusActions } from './ReturnStatusActions.tsx';
import { ReturnStatusTag, ReturnTypeTag } from './return-format.tsx';
import type { ReturnDetail, ReturnLine } from './return-types.ts';

const lineName = (l: ReturnLine) => (l.colors ? `${l.product.name} (${l.colors.name})` : l.product.name);

/** What the return is worth: the goods as the shopper paid them, the VAT and discount in them, the coupon's share, what goes back. */
function returnFigures(d: ReturnDetail, seesCost: boolean): [string, string][] {
  const r = d.singleReturnCartOrder;
  return [
    ['Goods returned', money(r.productAmount)],
    ['VAT included', money(r.totalVatAmount)],
    ['Discount given', money(r.totalDiscountAmount)],
    ['Coupon share', money(-r.couponAmount)],
    ['To give back', money(r.totalAmount)],
    ...(seesCost && r.cost !== undefined ? [['Cost of the goods', money(r.cost)] as [string, string]] : []),
  ];
}

/**
 * One return of a web order: the order and the shopper, the reason, the lines with their amounts, what
 * goes back; the next steps as buttons (only the one that fits a refund or a replacement), and once a
 * replacement is due, the button that makes its order.
 */
export default function ReturnPage() {
  const id = Number(useParams().id);
  const { can } = usePermissions();
  const seesCost = can(costPermission);
  const [made, setMade] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const detail = useQuery({ queryKey: ['return-cart-order', id], queryFn: () => must(api(routes.returnOrder.get, { params: { id } })) });

  if (detail.isLoading) return <Spin />;
  if (!detail.data) {
    return (
      <Result
        status="404"
        title="Return not found"
        subTitle={detail.error?.message}
        extra={<Link to="/admin/return-cart-order">Back to web returns</Link>}
      />
    );
  }
  const d = detail.data;
  const r = d.singleReturnCartOrder;
  const replacement = r.resendCartOrderId ?? made;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>{`Return #${r.id}`}</Typography.Title>
          <ReturnStatusTag status={r.returnCartOrderStatus} />
          <ReturnTypeTag type={r.returnType} />
        </Space>
        <Link to="/admin/return-cart-order">Back to web returns</Link>
      </Space>
      {can('update-returnCartOrder') && (
        <ReturnStatusActions returnId={r.id} cartOrderId={r.cartOrderId} type={r.returnType} total={r.totalAmount} next={d.nextStatuses} />
      )}
      {r.returnCartOrderStatus === 'RESEND' && can('update-returnCartOrder') && (
        <section aria-label="Replacement">
          <Space orientation="vertical" style={{ width: '100%' }}>
            {refusal && <Alert type="error" showIcon title={refusal} closable onClose={() => setRefusal(null)} />}
            <ReOrderButton returnId={r.id} cartOrderId={r.cartOrderId} onMade={setMade} onRefused={setRefusal} />
          </Space>
        </section>
      )}
      <section aria-label="Return details">
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label="Date">{r.date}</Descriptions.Item>
          <Descriptions.Item label="Order">
            <Space size={4} wrap>
              <OrderLink id={r.cartOrderId} />
              <OrderStatusTag status={r.cartOrder.orderStatus} />
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="Shopper">
            {can('readSingle-customer') ? (
              <Link to={`/admin/customer/${r.customer.id}`}>{customerName(r.customer)}</Link>
            ) : (
              customerName(r.customer)
            )}
          </Descriptions.Item>
          <Descriptions.Item label="E-mail">{r.customer.email ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Phone">{r.cartOrder.customerPhone ?? r.customer.phone ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Paid by">{r.cartOrder.paymentMethod}</Descriptions.Item>
          <Descriptions.Item label="Reason">
            <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{r.note ?? '—'}</span>
          </Descriptions.Item>
          {replacement && (
            <Descriptions.Item label="Replacement order">
              <OrderLink id={replacement} />
            </Descriptions.Item>
          )}
        </Descriptions>
      </section>
      <LinesTable<ReturnLine>
        label="Returned lines"
        rowKey="id"
        lines={r.returnCartOrderProduct}
        columns={[
          { key: 'name', title: 'Product', render: (_, l) => lineName(l) },
          { key: 'qty', title: 'Quantity', dataIndex: 'productQuantity', align: 'right' },
          { key: 'price', title: 'Unit price', align: 'right', render: (_, l) => money(l.unitPrice) },
          { key: 'discount', title: 'Discount', align: 'right', render: (_, l) => money(l.discount) },
          { key: 'vat', title: 'VAT', align: 'right', render: (_, l) => `${l.productVat} % / ${money(l.vatAmount)}` },
          { key: 'total', title: 'Amount', align: 'right', render: (_, l) => money(l.lineTotal) },
          ...(seesCost
            ? [{ key: 'cost', title: 'Unit cost', align: 'right' as const, render: (_: unknown, l: ReturnLine) => money(l.unitCost) }]
            : []),
        ]}
      />
      <Totals label="Return figures" items={returnFigures(d, seesCost)} />
      <RecordHistory entity="returnCartOrder" id={id} />
    </Space>
  );
}
