import type { AppContext } from '../../platform/context.ts';
import type { RouteDef } from '../../platform/route.ts';
import { filesRoutes } from './files-routes.ts';
import { settingRoutes } from './setting.ts';

/** The settings and the uploaded files they (and the catalogue) serve. */
export const settingsRoutes = (ctx: AppContext): RouteDef[] => [...settingRoutes(ctx), ...filesRoutes(ctx)];
