import type { AccountType } from '@tillbook/contract';

/**
 * The main accounts a first start creates, found again by `systemKey` (the owner may rename them).
 * Withdrawal is a main account of type Equity: the owner's drawings lower equity.
 */
export const mainAccounts = [
  { systemKey: 'asset', name: 'Asset', type: 'Asset' },
  { systemKey: 'liability', name: 'Liability', type: 'Liability' },
  { systemKey: 'equity', name: 'Equity', type: 'Equity' },
  { systemKey: 'withdrawal', name: 'Withdrawal', type: 'Equity' },
  { systemKey: 'revenue', name: 'Revenue', type: 'Revenue' },
  { systemKey: 'expense', name: 'Expense', type: 'Expense' },
] as const satisfies readonly { systemKey: string; name: string; type: AccountType }[];

export type MainAccountKey = (typeof mainAccounts)[number]['systemKey'];

/**
 * The system sub-accounts business code posts to. Postings name them by key and `post` resolves
 * the key, never a bare id; the seed creates them under their main account (by its key).
 */
export const systemSubAccounts = [
  { systemKey: 'cash', name: 'Cash', account: 'asset' },
  { systemKey: 'bank', name: 'Bank', account: 'asset' },
  { systemKey: 'inventory', name: 'Inventory', account: 'asset' },
  { systemKey: 'accountsReceivable', name: 'Accounts Receivable', account: 'asset' },
  { systemKey: 'accountsPayable', name: 'Accounts Payable', account: 'liability' },
  { systemKey: 'ownerEquity', name: 'Shareholder 1 Equity', account: 'equity' },
  { systemKey: 'ownerWithdrawal', name: 'Shareholder 1 Withdrawal', account: 'withdrawal' },
  { systemKey: 'sales', name: 'Sales', account: 'revenue' },
  { systemKey: 'costOfSales', name: 'Cost of Sales', account: 'expense' },
  { systemKey: 'salary', name: 'Salary', account: 'expense' },
  { systemKey: 'rent', name: 'Rent', account: 'expense' },
  { systemKey: 'utilities', name: 'Utilities', account: 'expense' },
  { systemKey: 'discountEarned', name: 'Discount Earned', account: 'revenue' },
  { systemKey: 'discountGiven', name: 'Discount Given', account: 'expense' },
  { systemKey: 'tax', name: 'Tax', account: 'liability' },
  { systemKey: 'deliveryIncome', name: 'Delivery Income', account: 'revenue' },
  { systemKey: 'stockAdjustment', name: 'Stock Adjustment', account: 'expense' },
  /** What a till's count at close finds over (a credit) or short (a debit) of what the till expected. */
  { systemKey: 'cashOverShort', name: 'Cash Over and Short', account: 'expense' },
] as const satisfies readonly { systemKey: string; name: string; account: MainAccountKey }[];

export type SystemAccountKey = (typeof systemSubAccounts)[number]['systemKey'];
