import type { AdminScreen } from '../screens.ts';

/** The selling area's screens: the till first, then customers, sales, held sales, returns and payments. Menu order is this order. */
export const sellingScreens: AdminScreen[] = [
  {
    path: 'pos',
    label: 'Till',
    group: 'Sell',
    permission: 'create-saleInvoice',
    load: () => import('./till/TillPage.tsx'),
  },
  {
    path: 'till-session',
    label: 'Till sessions',
    group: 'Sell',
    permission: 'readAll-tillSession',
    load: () => import('./session/SessionListPage.tsx'),
  },
  { path: 'till-session/:id', group: 'Sell', permission: 'readSingle-tillSession', load: () => import('./session/TillReportPage.tsx') },
  { path: 'sale-invoice/:id/receipt', group: 'Sell', permission: 'readSingle-saleInvoice', load: () => import('./till/ReceiptPage.tsx') },
  {
    path: 'customer',
    label: 'Customers',
    group: 'Sell',
    permission: 'readAll-customer',
    load: async () => {
      const [{ customerScreen }, { pageFor }] = await Promise.all([
        import('./definitions.ts'),
        import('../resources/ResourceScreenPage.tsx'),
      ]);
      return { default: pageFor(customerScreen) };
    },
  },
  {
    path: 'customer/:id',
    group: 'Sell',
    permission: 'readSingle-customer',
    load: () => import('./CustomerStatementPage.tsx'),
  },
  {
    path: 'sale-invoice',
    label: 'Sale invoices',
    group: 'Sell',
    permission: 'readAll-saleInvoice',
    load: () => import('./SaleListPage.tsx'),
  },
  { path: 'sale-invoice/:id', group: 'Sell', permission: 'readSingle-saleInvoice', load: () => import('./SaleDetailPage.tsx') },
  {
    path: 'sale-hold',
    label: 'Held sales',
    group: 'Sell',
    permission: 'readAll-saleInvoice',
    load: () => import('./HeldSaleListPage.tsx'),
  },
  {
    path: 'sale-return',
    label: 'Sale returns',
    group: 'Sell',
    permission: 'readAll-returnSaleInvoice',
    load: () => import('./SaleReturnListPage.tsx'),
  },
  {
    path: 'sale-return/:id',
    group: 'Sell',
    permission: 'readSingle-returnSaleInvoice',
    load: () => import('./SaleReturnDetail.tsx'),
  },
  {
    path: 'customer-payment',
    label: 'Customer payments',
    group: 'Sell',
    permission: 'readAll-paymentSaleInvoice',
    load: () => import('./CustomerPaymentListPage.tsx'),
  },
];
