import type { AppContext } from './platform/context.ts';
import type { RouteDef } from './platform/route.ts';
import { filesRoutes } from './modules/settings/files-routes.ts';
import { settingRoutes } from './modules/settings/setting.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { plainResourceRoutes } from './modules/plain-resources.ts';
import { productRoutes } from './modules/catalogue/product-routes.ts';
import { catalogueExtraRoutes } from './modules/catalogue/discount-slider-reports.ts';
import { inventoryRoutes } from './modules/inventory/routes.ts';
import { productCsvRoutes } from './modules/catalogue/product-csv-routes.ts';

/**
 * The one route table: every API route of the product with its access rule.
 * Each module contributes its routes; the guard and the permission matrix test read `access`.
 */
export function routeTable(ctx: AppContext): RouteDef[] {
  return [...identityRoutes(ctx), ...settingRoutes(ctx), ...filesRoutes(ctx), ...plainResourceRoutes(ctx), ...productRoutes(ctx), ...catalogueExtraRoutes(ctx), ...inventoryRoutes(ctx), ...productCsvRoutes(ctx)];
}
