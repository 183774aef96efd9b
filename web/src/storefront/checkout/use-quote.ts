import { useQuery } from '@tanstack/react-query';
import { shopRoutes as routes } from '@tillbook/contract';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';

/**
 * The checkout's figures from the server (`POST cart-order/quote`, the code that places the order) for
 * the cart as it stands (`cartKey` changes with its lines), the delivery area and the coupon chosen: the
 * page shows them and adds nothing up itself.
 */
export function useQuote(cartKey: string, deliveryFeeId: number | null, couponCode: string | null) {
  return useQuery({
    queryKey: ['checkout-quote', cartKey, deliveryFeeId, couponCode],
    queryFn: () => must(api(routes.order.quote, { body: { deliveryFeeId, couponCode } })),
  });
}
