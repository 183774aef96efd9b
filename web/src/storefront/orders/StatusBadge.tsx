import type { OrderStatus } from '@tillbook/contract';
import { statusLabels } from './order-status.ts';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`order-status order-status-${status.toLowerCase()}`} data-testid="order-status">
      {statusLabels[status]}
    </span>
  );
}
