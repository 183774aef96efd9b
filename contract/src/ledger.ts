/** Closed sets of the books, shared by the ledger's columns and the code that posts to them. */

/**
 * What a main ("head") account is: the five types of double entry. The owner's withdrawals are a
 * main account of type Equity (they lower it); the reference typed Revenue and Expense as Equity.
 */
export const accountTypes = ['Asset', 'Liability', 'Equity', 'Revenue', 'Expense'] as const;
export type AccountType = (typeof accountTypes)[number];

/**
 * Which kind of document a ledger entry belongs to. Spelled like the stock reasons of the same
 * documents (saleReturn, purchaseReturn), so one concept has one name.
 */
export const ledgerTypes = [
  'sale',
  'saleReturn',
  'purchase',
  'purchaseReturn',
  'vat',
  'vatReturn',
  'transaction',
  'adjustment',
  /** A web order's postings (relatedId: the order's id). */
  'order',
  'orderReturn',
  /** A till session's own postings: the float, cash paid in and out, drops, the close's variance (relatedId: the session's id). */
  'till',
] as const;
export type LedgerType = (typeof ledgerTypes)[number];

/**
 * The invoice series, each numbered without gaps: a number is taken only by a document that commits,
 * in commit order (a counter row per series, locked by the taking transaction until it ends).
 */
export const documentSeries = ['sale', 'purchase', 'saleReturn', 'purchaseReturn'] as const;
export type DocumentSeries = (typeof documentSeries)[number];
