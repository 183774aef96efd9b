import type { AdminScreen } from '../screens.ts';

/** Returns of web orders: the list with its status tabs, the replacements to send, and one return's page. */
export const returnScreens: AdminScreen[] = [
  {
    path: 'return-cart-order',
    label: 'Web returns',
    group: 'Online shop',
    permission: 'readAll-returnCartOrder',
    load: () => import('./ReturnListPage.tsx'),
  },
  // before 'return-cart-order/:id': the first screen whose path matches the address is the one preloaded
  {
    path: 'return-cart-order/resend',
    label: 'Resends',
    group: 'Online shop',
    permission: 'readAll-returnCartOrder',
    load: () => import('./ResendListPage.tsx'),
  },
  {
    path: 'return-cart-order/:id',
    group: 'Online shop',
    permission: 'readSingle-returnCartOrder',
    load: () => import('./ReturnPage.tsx'),
  },
];
