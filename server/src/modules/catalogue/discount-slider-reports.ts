import type { AppContext } from '../../platform/context.ts';
import type { RouteDef } from '../../platform/route.ts';
import { discountRoutes } from './discount.ts';
import { productReportRoutes } from './product-reports.ts';
import { sliderRoutes } from './slider.ts';

/** Discounts, slider images and product reports: one entry in the route table. */
export const catalogueExtraRoutes = (ctx: AppContext): RouteDef[] => [
  ...discountRoutes(ctx),
  ...sliderRoutes(ctx),
  ...productReportRoutes(ctx),
];
