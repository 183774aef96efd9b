import { useQuery } from '@tanstack/react-query';
import { shopRoutes as routes } from '@tillbook/contract';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';

export const serverCartKey = (customerId: number) => ['cart', customerId];

/** The signed-in shopper's cart on the server (`GET cart/customer/:id`); nothing while logged out. */
export function useServerCart(customerId: number | null) {
  return useQuery({
    queryKey: serverCartKey(customerId ?? 0),
    queryFn: () => must(api(routes.cart.ofCustomer, { params: { id: customerId ?? 0 } })),
    enabled: customerId !== null,
  });
}
