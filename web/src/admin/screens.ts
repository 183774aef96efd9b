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
  /** The menu group it shows under (and that opens while it is on screen); within a group, declaration order. */
  group: NavGroup;
  permission: PermissionName;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * The menu's groups in the order of a shop's day (after the Dashboard): selling, its appointments and leads, buying, the stock room,
 * the online shop, the books, reports, then staff and settings. A group shows once a screen the user may open
 * declares it.
 */
export const navGroups = ['Sell', 'Appointments', 'Buy', 'Stock', 'Online shop', 'Books', 'Reports', 'Staff', 'Settings'] as const;
export type NavGroup = (typeof navGroups)[number];
