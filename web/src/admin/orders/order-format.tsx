import type { OrderStatus, VerificationState } from '@tillbook/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { usePermissions } from '../../lib/permissions.ts';

/** The statuses staff work through, in the order an order lives them (the list's tabs). */
export const deskStatuses = ['PENDING', 'RECEIVED', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const satisfies readonly OrderStatus[];

/** An order status in words. */
export const statusLabels: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  RECEIVED: 'Received',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELLED: 'Cancelled',
  RETURNED: 'Returned',
};

export const statusColours: Record<OrderStatus, string | undefined> = {
  PENDING: 'gold',
  RECEIVED: 'blue',
  SHIPPED: 'geekblue',
  DELIVERED: 'green',
  CANCELLED: undefined,
  RETURNED: 'purple',
};

export const OrderStatusTag = ({ status }: { status: OrderStatus }) => <Tag color={statusColours[status]}>{statusLabels[status]}</Tag>;

/** The button that moves an order to a status: what staff do, in words. */
export const moveLabels: Record<OrderStatus, string> = {
  PENDING: 'Back to pending',
  RECEIVED: 'Receive',
  SHIPPED: 'Mark shipped',
  DELIVERED: 'Mark delivered',
  CANCELLED: 'Cancel order',
  RETURNED: 'Mark returned',
};

const verificationLabels: Record<VerificationState, string> = { Pending: 'To verify', Accept: 'Accepted', Reject: 'Rejected' };
const verificationColours: Record<VerificationState, string | undefined> = { Pending: 'gold', Accept: 'green', Reject: 'red' };

/** A manual payment's verification; cash on delivery has none to do: the courier collects it. */
export function VerificationTag({ state, isCod }: { state: VerificationState; isCod: string }) {
  if (isCod === 'true') return <Tag>Accepted at delivery</Tag>;
  return <Tag color={verificationColours[state]}>{verificationLabels[state]}</Tag>;
}

/** An order's number, opening its page for a role that may read it. */
export function OrderLink({ id }: { id: number }) {
  const { can } = usePermissions();
  const text = `Order #${id}`;
  return can('readSingle-cartOrder') ? <Link to={`/admin/cart-order/${id}`}>{text}</Link> : text;
}

/** A line's product with its colour and attribute values: "T-shirt (Red, Size L)". */
export function lineName(line: {
  product: { name: string };
  colors: { name: string } | null;
  cartOrderAttributeValue: { name: string }[];
}) {
  const extras = [line.colors?.name, ...line.cartOrderAttributeValue.map((a) => a.name)].filter(Boolean);
  return extras.length ? `${line.product.name} (${extras.join(', ')})` : line.product.name;
}
