import type { AdminScreen } from '../screens.ts';

/** Buying: purchase invoices (list with detail, and a new purchase), purchase returns and supplier payments. */
export const purchasingScreens: AdminScreen[] = [
  {
    path: 'purchase-invoice',
    label: 'Purchase invoices',
    group: 'Buy',
    permission: 'readAll-purchaseInvoice',
    load: () => import('./PurchaseListPage.tsx'),
  },
  { path: 'purchase-invoice/new', group: 'Buy', permission: 'create-purchaseInvoice', load: () => import('./PurchaseCreatePage.tsx') },
  { path: 'purchase-invoice/:id', group: 'Buy', permission: 'readSingle-purchaseInvoice', load: () => import('./PurchaseDetailPage.tsx') },
  {
    path: 'supplier-statement',
    label: 'Supplier statements',
    group: 'Buy',
    permission: 'readAll-supplier',
    load: () => import('./SupplierStatementPage.tsx'),
  },
  {
    path: 'purchase-return',
    label: 'Purchase returns',
    group: 'Buy',
    permission: 'readAll-returnPurchaseInvoice',
    load: () => import('./PurchaseReturnListPage.tsx'),
  },
  {
    path: 'supplier-payment',
    label: 'Supplier payments',
    group: 'Buy',
    permission: 'readAll-paymentPurchaseInvoice',
    load: () => import('./SupplierPaymentListPage.tsx'),
  },
];
