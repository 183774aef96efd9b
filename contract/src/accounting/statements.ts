import { z } from 'zod';
import { out } from '../answers.ts';
import { accountTypes } from '../ledger.ts';
import { statusText } from '../status.ts';

/**
 * The statements of `GET account?query=tb|bs|is`, in the reference's shapes and names with its sign and
 * type errors fixed. Every row names its sub-account (`id`), so a screen links each figure to the
 * postings behind it (`GET account/{id}?startDate&endDate`). Amounts are in the currency, two decimals,
 * summed in cents. Deleted payments and removed manual entries are in the books with their reversals,
 * which cancel them.
 *
 * Ranges: entries dated startDate..endDate inclusive (business dates in the shop's time zone); a missing
 * startDate is the beginning of the books, a missing endDate today in the shop.
 */

/** A trial-balance row: one sub-account's debits and credits over the range; balance = debit − credit. */
export const trialBalanceRow = z.object({
  id: out.id,
  /** The main account's name. */
  account: out.text,
  type: z.enum(accountTypes),
  subAccount: out.text,
  totalDebit: out.money,
  totalCredit: out.money,
  balance: out.money,
});

/**
 * Trial balance (`query=tb`): `debits` are the rows with a debit balance, `credits` those with a credit
 * balance (balance below zero). `totalDebit` is the sum of the debit balances and `totalCredit` the sum
 * of the credit balances as a positive amount (the reference made it negative); `match` is 'true' when
 * they are equal to the cent.
 */
export const trialBalanceOut = z.object({
  startDate: out.optionalText,
  endDate: out.date,
  debits: z.array(trialBalanceRow),
  credits: z.array(trialBalanceRow),
  totalDebit: out.money,
  totalCredit: out.money,
  match: statusText,
});

/**
 * A statement row: a sub-account, its debits and credits over the statement's entries (reference 3.13), and its
 * balance on the side its section normally has (see each statement).
 */
export const statementRow = z.object({
  id: out.id,
  account: out.text,
  subAccount: out.text,
  totalDebit: out.money,
  totalCredit: out.money,
  balance: out.money,
});

/**
 * Balance sheet (`query=bs`) at endDate, over every entry up to it. `assets` (Asset accounts, debit
 * − credit), `liabilities` and `equity` (Liability and Equity accounts, credit − debit; a withdrawal
 * shows negative). Revenue and Expense are not equity accounts: their net is the profit, which equity
 * includes — `retainedEarnings` before startDate and `profit` from startDate to endDate (the income
 * statement's profit for the same range). totalEquity = Σ equity + retainedEarnings + profit, and
 * `match` is 'true' when totalAsset = totalLiability + totalEquity to the cent.
 */
export const balanceSheetOut = z.object({
  startDate: out.optionalText,
  endDate: out.date,
  assets: z.array(statementRow),
  liabilities: z.array(statementRow),
  equity: z.array(statementRow),
  retainedEarnings: out.money,
  profit: out.money,
  totalAsset: out.money,
  totalLiability: out.money,
  totalEquity: out.money,
  match: statusText,
});

/**
 * Income statement (`query=is`) over the range: `revenue` (Revenue accounts, credit − debit) and
 * `expense` (Expense accounts, debit − credit), both positive in the normal case; profit = totalRevenue
 * − totalExpense (a loss is negative).
 */
export const incomeStatementOut = z.object({
  startDate: out.optionalText,
  endDate: out.date,
  revenue: z.array(statementRow),
  expense: z.array(statementRow),
  totalRevenue: out.money,
  totalExpense: out.money,
  profit: out.money,
});
