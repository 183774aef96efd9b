import type { AdminScreen } from '../screens.ts';

/** Buying: purchase invoices (list with detail, and a new purchase). */
export const purchasingScreens: AdminScreen[] = [
  {
    path: 'purchase-invoice',
    label: 'Purchase invoices',
    group: 'Buy',
    permission: 'readAll-purchaseInvoice',
    load: () => import('./PurchaseListPage.tsx'),
  },
  { path: 'purchase-invoice/new', group: 'Buy', permission: 'create-purchaseInvoice', load: () => import('./PurchaseCreatePage.tsx') },
];
