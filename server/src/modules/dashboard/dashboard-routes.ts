import { dashboardEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import type { RouteDef } from '../../platform/route.ts';
import { dashboard } from './dashboard.ts';

/** GET dashboard?startDate&endDate. */
export function dashboardRoutes(ctx: AppContext): RouteDef[] {
  return [implement(ctx, dashboardEndpoints.get, ({ query }) => dashboard(ctx.db, query, ctx.config.clock))];
}
