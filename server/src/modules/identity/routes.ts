import type { AppContext } from '../../platform/context.ts';
import type { RouteDef } from '../../platform/route.ts';
import { sessionRoutes } from './session.ts';

export function identityRoutes(ctx: AppContext): RouteDef[] {
  return [...sessionRoutes(ctx)];
}
