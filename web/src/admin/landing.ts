import { allScreens } from './all-screens.ts';
import { navGroups } from './screens.ts';

/** The dashboard's permission: the admin area opens on it when the role may read it. */
export const dashboardPermission = 'readAll-dashboard';

/**
 * Where the admin area opens for a role (a path under /admin): the dashboard, else the first screen of
 * the menu the role may open (a cashier lands on the till), else nothing.
 */
export function landingPath(can: (name: string) => boolean): string | undefined {
  if (can(dashboardPermission)) return 'dashboard';
  for (const group of navGroups) {
    const first = allScreens.find((s) => s.group === group && s.label && can(s.permission));
    if (first) return first.path;
  }
  return undefined;
}
