import { dashboardEndpoints } from '@tillbook/contract';
import { ShopDay } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import type { RouteDef } from '../../platform/route.ts';
import { WatchedCache } from '../../platform/watched-cache.ts';
import { type DashboardAnswer, dashboard, dashboardTables } from './dashboard.ts';

/** GET dashboard?startDate&endDate: a range's figures kept until a table they are read from is written. */
export function dashboardRoutes(ctx: AppContext): RouteDef[] {
  const kept = new WatchedCache<string, DashboardAnswer>(ctx.watch, dashboardTables, { entries: 100 });
  const day = new ShopDay(ctx);
  return [implement(ctx, dashboardEndpoints.get, ({ query, req }) => dashboard(ctx.db, query, () => day.today(req), kept))];
}
