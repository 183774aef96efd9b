/** The selling area's entry for other modules and the route table. */
import type { AppContext } from '../../platform/context.ts';
import type { RouteDef } from '../../platform/route.ts';
import { customerRoutes } from './customers.ts';
import { invoiceMailRoutes } from './invoice-mail-routes.ts';
import { saleRoutes } from './sale-routes.ts';

export { type CustomerFound, customerForPerson, type PersonForCustomer } from './customer-record.ts';
export { customerBalances, walkInCustomerId } from './customers.ts';
export { saleBalances, sumBalances } from './sale-balances.ts';

export function sellingRoutes(ctx: AppContext): RouteDef[] {
  return [...customerRoutes(ctx), ...saleRoutes(ctx), ...invoiceMailRoutes(ctx)];
}
