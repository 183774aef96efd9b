import type { AdminScreen } from '../screens.ts';

/** Shoppers' reviews: the list with its filters, and a review's page with its photos, replies and Hide/Show. */
export const reviewScreens: AdminScreen[] = [
  {
    path: 'review-rating',
    label: 'Reviews',
    group: 'Online shop',
    permission: 'readAll-reviewRating',
    load: () => import('./ReviewListPage.tsx'),
  },
  { path: 'review-rating/:id', group: 'Online shop', permission: 'readSingle-reviewRating', load: () => import('./ReviewPage.tsx') },
];
