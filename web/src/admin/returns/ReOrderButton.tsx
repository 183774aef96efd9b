import { useQueryClient } from '@tanstack/react-query';
import { routes } from '@tillbook/contract';
import { Button, Popconfirm } from 'antd';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { useSubmission } from '../../lib/use-submission.ts';

interface Props {
  returnId: number;
  cartOrderId: number;
  /** Told the new order's id once it is made (the screen then links to it). */
  onMade: (orderId: number) => void;
  /** Told the server's words when it refuses (another desk made it first, the stock is short). */
  onRefused: (text: string) => void;
}

/**
 * "Make the replacement order" of a return waiting for its resend (`POST cart-order/reOrder`): the returned
 * lines at the prices the shopper paid, no coupon, no delivery fee, to the same address; the return is then RESENDED.
 */
export function ReOrderButton({ returnId, cartOrderId, onMade, onRefused }: Props) {
  const queryClient = useQueryClient();
  const submission = useSubmission();

  async function make() {
    const body = { cartOrderId, returnCartOrderId: returnId };
    const result = await submission.submit(body, (headers) => api(routes.returnOrder.reOrder, { body }, { headers }));
    if (!result) return;
    // whatever the answer, the screens show the return as it now is
    await queryClient.invalidateQueries({ queryKey: ['list'] });
    await queryClient.invalidateQueries({ queryKey: ['return-cart-order', returnId] });
    await queryClient.invalidateQueries({ queryKey: ['cart-order', cartOrderId] });
    if (result.error !== undefined) {
      onRefused(result.error);
      return;
    }
    notify.success(result.data.message || `Order #${result.data.createdCartOrder.id} made`);
    onMade(result.data.createdCartOrder.id);
  }

  return (
    <Popconfirm
      title={`Make the replacement order for return #${returnId}? Its goods leave the stock again, at no charge to the shopper.`}
      okText="Make it"
      cancelText="Not yet"
      onConfirm={make}
    >
      <Button type="primary" loading={submission.busy}>
        Make the replacement order
      </Button>
    </Popconfirm>
  );
}
