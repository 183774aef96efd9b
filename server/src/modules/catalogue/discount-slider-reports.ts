import type { AppContext } from '../../platform/context.ts';
import type { RouteDef } from '../../platform/route.ts';
import { discountRoutes } from './discount.ts';
import { productReportRoutes } from './product-reports.ts';
import { sliderRoutes } from './slider.ts';
import { subCategoryDetailRoutes } from './sub-category-details.ts';

/** Discounts, slider images, product reports and the storefront's sub-category menu: one entry in the route table. */
export const catalogueExtraRoutes = (ctx: AppContext): RouteDef[] => [
  ...discountRoutes(ctx),
  ...sliderRoutes(ctx),
  ...productReportRoutes(ctx),
  ...subCategoryDetailRoutes(ctx),
];
