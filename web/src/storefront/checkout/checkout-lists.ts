import type { Route, RouteOf } from '@tillbook/contract';
import type { z } from 'zod';

/**
 * The lists the checkout needs that the contract does not have yet: the delivery areas with their fees
 * and the payment methods offered at checkout, each as a public list of active rows. The server's
 * `delivery-fee` and `payment-method` lists are for staff only (a customer's token is refused on a
 * permission route, guard.ts), so these two routes are asked of the server (see the report of issue 20);
 * once the contract has them under `routes.publicList`, this file goes.
 */
export interface DeliveryArea {
  id: number;
  deliveryArea: string;
  deliveryFee: number;
}
export interface CheckoutPaymentMethod {
  id: number;
  methodName: string;
  instruction: string | null;
  ownerAccount: string | null;
  isCod: 'true' | 'false';
}

type PublicGet<P extends string, Answer> = { method: 'GET'; path: P; access: 'public'; answer: z.ZodType<Answer> };

export const checkoutLists = {
  deliveryFee: { method: 'GET', path: 'delivery-fee/public', access: 'public' } as Route as RouteOf<
    PublicGet<'delivery-fee/public', { getAllDeliveryFee: DeliveryArea[] }>
  >,
  paymentMethod: { method: 'GET', path: 'payment-method/public', access: 'public' } as Route as RouteOf<
    PublicGet<'payment-method/public', { getAllPaymentMethod: CheckoutPaymentMethod[] }>
  >,
};
