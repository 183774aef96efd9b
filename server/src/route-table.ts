import { accountRoutes, journalRoutes } from './modules/accounting/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { catalogueRoutes } from './modules/catalogue/index.ts';
import { crmRoutes } from './modules/crm/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { googleLoginRoutes, identityRoutes } from './modules/identity/index.ts';
import { inventoryRoutes } from './modules/inventory/index.ts';
import { mailRoutes } from './modules/mail/index.ts';
import { plainResourceRoutes } from './modules/plain-resources.ts';
import { purchasingRoutes } from './modules/purchasing/index.ts';
import { reviewRoutes } from './modules/reviews/index.ts';
import { sellingRoutes } from './modules/selling/index.ts';
import { settingsRoutes } from './modules/settings/index.ts';
import { shopRoutes, wishlistRoutes } from './modules/shop/index.ts';
import { tillSessionRoutes } from './modules/till/index.ts';
import type { AppContext } from './platform/context.ts';
import type { RouteDef } from './platform/route.ts';

/**
 * The one route table: every API route of the product with its access rule.
 * Each module contributes its routes through its index; the guard and the permission matrix test read `access`.
 */
export function routeTable(ctx: AppContext): RouteDef[] {
  return [
    ...identityRoutes(ctx),
    ...googleLoginRoutes(ctx),
    ...settingsRoutes(ctx),
    ...plainResourceRoutes(ctx),
    ...catalogueRoutes(ctx),
    ...inventoryRoutes(ctx),
    ...sellingRoutes(ctx),
    ...purchasingRoutes(ctx),
    ...journalRoutes(ctx),
    ...accountRoutes(ctx),
    ...dashboardRoutes(ctx),
    ...mailRoutes(ctx),
    ...shopRoutes(ctx),
    ...reviewRoutes(ctx),
    ...wishlistRoutes(ctx),
    ...crmRoutes(ctx),
    ...tillSessionRoutes(ctx),
    ...auditRoutes(ctx),
  ];
}
