/**
 * The chart of accounts a first start creates. System sub-accounts are found by their key, never by id.
 */
export const mainAccounts = [
  { name: 'Asset', type: 'Asset' },
  { name: 'Liability', type: 'Liability' },
  { name: 'Equity', type: 'Equity' },
  { name: 'Withdrawal', type: 'Withdrawal' },
  { name: 'Revenue', type: 'Revenue' },
  { name: 'Expense', type: 'Expense' },
] as const;

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
] as const;

export type SystemAccountKey = (typeof systemSubAccounts)[number]['systemKey'];

export const currencies = [
  ['DOLLAR', '$'], ['EURO', '€'], ['POUND', '£'], ['BDT', '৳'], ['RUPEE', '₹'], ['YEN', '¥'], ['WON', '₩'],
  ['YUAN', '元'], ['PESO', '₱'], ['LIRA', '₺'], ['FRANC', 'Fr'], ['REAL', 'R$'], ['RUBLE', '₽'], ['RINGGIT', 'RM'],
] as const;
