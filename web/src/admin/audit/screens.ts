import type { AdminScreen } from '../screens.ts';

/** Who changed what (issue 34): the Activity screen, beside the staff and their roles. */
export const auditScreens: AdminScreen[] = [
  { path: 'activity', label: 'Activity', group: 'Staff', permission: 'readAll-auditLog', load: () => import('./ActivityPage.tsx') },
];
