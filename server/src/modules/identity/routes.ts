import type { AppContext } from '../../platform/context.ts';
import type { RouteDef } from '../../platform/route.ts';
import { customerAuthRoutes } from './customer-auth.ts';
import { customerProfileRoutes } from './customer-profile.ts';
import { customerRecoveryRoutes } from './customer-recovery.ts';
import { permissionRoutes } from './permissions.ts';
import { rolePermissionRoutes } from './role-permissions.ts';
import { roleRoutes } from './roles.ts';
import { sessionRoutes } from './session.ts';
import { staffHistoryRoutes } from './staff-history-routes.ts';
import { userRoutes } from './users.ts';

export function identityRoutes(ctx: AppContext): RouteDef[] {
  return [
    ...sessionRoutes(ctx),
    ...customerAuthRoutes(ctx),
    ...customerProfileRoutes(ctx),
    ...customerRecoveryRoutes(ctx),
    ...userRoutes(ctx),
    ...staffHistoryRoutes(ctx),
    ...roleRoutes(ctx),
    ...permissionRoutes(ctx),
    ...rolePermissionRoutes(ctx),
  ];
}
