import { type AnswerOf, type EndpointOf, records, type routes } from '@tillbook/contract';
import type { RefSource } from '../../ui/resource/fields.ts';

/** What the books' screens read, named from the contract's answers. */
export type AccountDetail = AnswerOf<EndpointOf<typeof routes.account.get>>;
export type SubAccount = Omit<
  AccountDetail,
  | 'debit'
  | 'credit'
  | 'startDate'
  | 'endDate'
  | 'totalDebit'
  | 'totalCredit'
  | 'balance'
  | 'openingBalance'
  | 'closingBalance'
  | 'truncated'
>;
export type Posting = AccountDetail['debit'][number];
export type VatStatement = AnswerOf<EndpointOf<typeof routes.vatReport.statement>>;

/** The active sub-accounts, for every select that picks a ledger account (GET account?type=sa&query=all). */
export const subAccountSource: RefSource = {
  list: records.account.list,
  query: { type: 'sa' },
  listName: 'SubAccount',
  labelField: 'name',
};
