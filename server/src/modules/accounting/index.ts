/** The accounting module's entry for other modules and the seed: the books change only through `post`. */
export { mainAccounts, systemSubAccounts, type SystemAccountKey } from './chart-of-accounts.ts';
export { post, type LedgerType, type Posting } from './post.ts';
