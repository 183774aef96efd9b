import type { AdminScreen } from '../screens.ts';

/** The online shop's desk: orders, their printouts and the manual payments to verify. Menu order is this order. */
export const orderScreens: AdminScreen[] = [
  { path: 'cart-order', label: 'Orders', group: 'Online shop', permission: 'readAll-cartOrder', load: () => import('./OrderListPage.tsx') },
  { path: 'cart-order/:id', group: 'Online shop', permission: 'readSingle-cartOrder', load: () => import('./OrderPage.tsx') },
  {
    path: 'cart-order/:id/print/:kind',
    group: 'Online shop',
    permission: 'readSingle-cartOrder',
    load: () => import('./OrderPrintPage.tsx'),
  },
  {
    path: 'manual-payment',
    label: 'Manual payments',
    group: 'Online shop',
    permission: 'readAll-manualPayment',
    load: () => import('./ManualPaymentListPage.tsx'),
  },
];
