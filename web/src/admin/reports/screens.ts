import type { AdminScreen } from '../screens.ts';

/** Reports: what sold best over a period. */
export const reportScreens: AdminScreen[] = [
  {
    path: 'top-selling',
    label: 'Top selling',
    group: 'Reports',
    permission: 'readAll-productReports',
    load: () => import('./TopSellingPage.tsx'),
  },
];
