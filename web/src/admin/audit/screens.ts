import type { AdminScreen } from '../screens.ts';

/** Who changed what (issue 34): the Activity screen, beside the staff and their roles; the sales journal's check, in the books. */
export const auditScreens: AdminScreen[] = [
  {
    path: 'sales-journal',
    label: 'Sales journal',
    group: 'Books',
    permission: 'readAll-auditLog',
    load: () => import('./SalesJournalPage.tsx'),
  },
  { path: 'activity', label: 'Activity', group: 'Staff', permission: 'readAll-auditLog', load: () => import('./ActivityPage.tsx') },
];
