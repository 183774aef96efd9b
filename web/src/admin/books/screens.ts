import type { AdminScreen } from '../screens.ts';

/** The books: the chart of accounts, the journal and the statements; account pages open from them. */
export const bookScreens: AdminScreen[] = [
  {
    path: 'account',
    label: 'Chart of accounts',
    group: 'Books',
    permission: 'readAll-account',
    load: () => import('./ChartOfAccountsPage.tsx'),
  },
  { path: 'account/:id', group: 'Books', permission: 'readSingle-account', load: () => import('./AccountPage.tsx') },
  { path: 'transaction', label: 'Journal', group: 'Books', permission: 'readAll-transaction', load: () => import('./JournalPage.tsx') },
  {
    path: 'trial-balance',
    label: 'Trial balance',
    group: 'Books',
    permission: 'readAll-account',
    load: () => import('./TrialBalancePage.tsx'),
  },
  {
    path: 'balance-sheet',
    label: 'Balance sheet',
    group: 'Books',
    permission: 'readAll-account',
    load: () => import('./BalanceSheetPage.tsx'),
  },
  {
    path: 'income-statement',
    label: 'Income statement',
    group: 'Books',
    permission: 'readAll-account',
    load: () => import('./IncomeStatementPage.tsx'),
  },
  { path: 'vat-report', label: 'VAT report', group: 'Books', permission: 'readAll-account', load: () => import('./VatReportPage.tsx') },
];
