import type { PaymentStatus } from '@tillbook/contract';
import { Tag } from 'antd';

const colours: Record<PaymentStatus, string | undefined> = { Paid: 'green', 'Partly paid': 'gold', Unpaid: 'orange', Undone: undefined };

/** An invoice's payment status (sales and purchases alike), as the contract's `paymentStatus` words it. */
export const PaymentStatusTag = ({ status }: { status: PaymentStatus }) => <Tag color={colours[status]}>{status}</Tag>;
