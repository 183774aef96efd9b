import type { AppContext } from '../../platform/context.ts';
import type { RouteDef } from '../../platform/route.ts';

export function settingRoutes(_ctx: AppContext): RouteDef[] {
  return [];
}
