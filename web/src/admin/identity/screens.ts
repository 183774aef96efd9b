import type { AdminScreen } from '../screens.ts';

/** Staff accounts, roles with their permission matrix, and the shop's settings. */
export const identityScreens: AdminScreen[] = [
  {
    path: 'user',
    label: 'Users',
    group: 'Staff',
    permission: 'readAll-user',
    load: async () => ({ default: (await import('./users.tsx')).UsersPage }),
  },
  {
    path: 'user/:id',
    group: 'Staff',
    permission: 'readSingle-user',
    load: () => import('./UserDetailPage.tsx'),
  },
  {
    path: 'role',
    label: 'Roles',
    group: 'Staff',
    permission: 'readAll-role',
    load: () => import('./RolesPage.tsx'),
  },
  {
    path: 'role/:id/permissions',
    group: 'Staff',
    permission: 'readAll-rolePermission',
    load: () => import('./RolePermissionsPage.tsx'),
  },
  {
    path: 'setting',
    label: 'Settings',
    group: 'Settings',
    permission: 'readAll-setting',
    load: () => import('./SettingsPage.tsx'),
  },
];
