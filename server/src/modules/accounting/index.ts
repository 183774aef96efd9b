/** The accounting module's entry for other modules and the seed: the books change only through `post`
 * (or the same insert within a use case's own statement, `postingStatement`). */

export { accountRoutes } from './account-routes.ts';
export { mainAccounts, type SystemAccountKey, systemSubAccounts } from './chart-of-accounts.ts';
export {
  type FiguresKind,
  type InvoiceKind,
  type KeptFigures,
  keepInvoiceFigures,
  ledgerFiguresOf,
  orderFiguresOf,
} from './invoice-figures.ts';
export { entriesWhere, monthOf } from './journal-read.ts';
export { journalRoutes } from './journal-routes.ts';
export { newestEntriesOf } from './newest-entries.ts';
export { paymentMethodExtras } from './payment-method.ts';
export { type AccountRef, type LedgerType, numberMark, type Posting, type PostingStatement, post, postingStatement } from './post.ts';
export { type ReversedDocument, reversePostings } from './reverse-postings.ts';
export { liveEntry } from './reversed.ts';
export { type VatShare, vatByRate, vatTotal } from './vat-rates.ts';
