import type { AccountType } from '@tillbook/contract';

/** One main account per type; a first start creates them, the owner may rename them. */
export const mainAccounts = [
  { name: 'Asset', type: 'Asset' },
  { name: 'Liability', type: 'Liability' },
  { name: 'Equity', type: 'Equity' },
  { name: 'Withdrawal', type: 'Withdrawal' },
  { name: 'Revenue', type: 'Revenue' },
  { name: 'Expense', type: 'Expense' },
] as const satisfies readonly { name: string; type: AccountType }[];

/**
 * The system sub-accounts business code posts to. Postings name them by key and `post` resolves
 * the key, never a bare id; the seed creates them under the main account of their type.
 */
export const systemSubAccounts = [
  { systemKey: 'cash', name: 'Cash', account: 'Asset' },
  { systemKey: 'bank', name: 'Bank', account: 'Asset' },
  { systemKey: 'inventory', name: 'Inventory', account: 'Asset' },
  { systemKey: 'accountsReceivable', name: 'Accounts Receivable', account: 'Asset' },
  { systemKey: 'accountsPayable', name: 'Accounts Payable', account: 'Liability' },
  { systemKey: 'ownerEquity', name: 'Shareholder 1 Equity', account: 'Equity' },
  { systemKey: 'ownerWithdrawal', name: 'Shareholder 1 Withdrawal', account: 'Withdrawal' },
  { systemKey: 'sales', name: 'Sales', account: 'Revenue' },
  { systemKey: 'costOfSales', name: 'Cost of Sales', account: 'Expense' },
  { systemKey: 'salary', name: 'Salary', account: 'Expense' },
  { systemKey: 'rent', name: 'Rent', account: 'Expense' },
  { systemKey: 'utilities', name: 'Utilities', account: 'Expense' },
  { systemKey: 'discountEarned', name: 'Discount Earned', account: 'Revenue' },
  { systemKey: 'discountGiven', name: 'Discount Given', account: 'Expense' },
  { systemKey: 'tax', name: 'Tax', account: 'Liability' },
  { systemKey: 'deliveryIncome', name: 'Delivery Income', account: 'Revenue' },
  { systemKey: 'stockAdjustment', name: 'Stock Adjustment', account: 'Expense' },
] as const satisfies readonly { systemKey: string; name: string; account: AccountType }[];

export type SystemAccountKey = (typeof systemSubAccounts)[number]['systemKey'];
