/** The accounting module's entry for other modules and the seed: the books change only through `post`. */
export { mainAccounts, type SystemAccountKey, systemSubAccounts } from './chart-of-accounts.ts';
export { type AccountRef, type LedgerType, type Posting, post } from './post.ts';
