import { costPermission, dashboardEndpoints } from '@tillbook/contract';
import { ShopDay } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { holds, type RouteDef } from '../../platform/route.ts';
import { WatchedCache } from '../../platform/watched-cache.ts';
import { type DashboardAnswer, dashboard, dashboardTables } from './dashboard.ts';

/** GET dashboard?startDate&endDate: a range's figures kept until a table they are read from is written. */
export function dashboardRoutes(ctx: AppContext): RouteDef[] {
  const kept = new WatchedCache<string, DashboardAnswer>(ctx.watch, dashboardTables, { entries: 100 });
  const day = new ShopDay(ctx);
  return [
    implement(ctx, dashboardEndpoints.get, async ({ query, req }) => {
      const figures = await dashboard(ctx.db, query, () => day.today(req), kept);
      return holds(req, costPermission) ? figures : withoutCost(figures);
    }),
  ];
}

/** The figures without what tells the goods' cost (profits, stock at cost), for a role that may not see it; the kept answer is not changed. */
function withoutCost(figures: DashboardAnswer) {
  const { totalProfit: _profit, stockValue: _stock, ...rest } = figures;
  const drop = <T extends { profit?: unknown }>({ profit: _, ...row }: T) => row;
  const { totalOrderProfit: _online, ...online } = rest.online;
  return {
    ...rest,
    online,
    channels: { till: drop(rest.channels.till), web: drop(rest.channels.web) },
    daily: rest.daily.map(drop),
    topProducts: rest.topProducts.map(drop),
    topCustomers: rest.topCustomers.map(drop),
  };
}
