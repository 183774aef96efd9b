import type { PermissionName } from '@tillbook/contract';
import type { ComponentType } from 'react';

/**
 * One admin screen: where it lives, where it shows in the navigation, and the permission that
 * opens it. The layout builds both the menu and the routes from these lists.
 */
export interface AdminScreen {
  /** Path under /admin, e.g. 'colour' or 'user/:id'. */
  path: string;
  /** Menu label; screens without one are reachable but not in the menu (detail pages). */
  label?: string;
  group: NavGroup;
  permission: PermissionName;
  load: () => Promise<{ default: ComponentType }>;
}

export const navGroups = ['Staff', 'Catalogue', 'Stock', 'Online shop', 'Books', 'Settings'] as const;
export type NavGroup = (typeof navGroups)[number];
