import type { ReturnStatus, ReturnType } from '@tillbook/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { usePermissions } from '../../lib/permissions.ts';

/** A return's statuses in the order a return lives them (the list's tabs). */
export const returnDeskStatuses = [
  'PENDING',
  'RECEIVED',
  'REFUNDED',
  'RESEND',
  'RESENDED',
  'REJECTED',
] as const satisfies readonly ReturnStatus[];

export const returnStatusLabels: Record<ReturnStatus, string> = {
  PENDING: 'Pending',
  RECEIVED: 'Received',
  REFUNDED: 'Refunded',
  RESEND: 'To resend',
  RESENDED: 'Resent',
  REJECTED: 'Rejected',
};

const statusColours: Record<ReturnStatus, string | undefined> = {
  PENDING: 'gold',
  RECEIVED: 'blue',
  REFUNDED: 'green',
  RESEND: 'geekblue',
  RESENDED: 'green',
  REJECTED: 'red',
};

export const ReturnStatusTag = ({ status }: { status: ReturnStatus }) => (
  <Tag color={statusColours[status]}>{returnStatusLabels[status]}</Tag>
);

/** What the shopper asked for. */
export const returnTypeLabels: Record<ReturnType, string> = { PRODUCT: 'Replacement', REFUND: 'Refund' };

export const ReturnTypeTag = ({ type }: { type: ReturnType }) => <Tag>{returnTypeLabels[type]}</Tag>;

/** The button that moves a return on: what staff do, in words. */
export const returnMoveLabels: Partial<Record<ReturnStatus, string>> = {
  RECEIVED: 'Goods received',
  REJECTED: 'Reject',
  REFUNDED: 'Refund',
  RESEND: 'Send a replacement',
};

/** A return's number, opening its page for a role that may read it. */
export function ReturnLink({ id }: { id: number }) {
  const { can } = usePermissions();
  const text = `Return #${id}`;
  return can('readSingle-returnCartOrder') ? <Link to={`/admin/return-cart-order/${id}`}>{text}</Link> : text;
}
