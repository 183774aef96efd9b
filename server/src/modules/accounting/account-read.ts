// Helper A builds this file: the chart of accounts' reads.
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { ListQuery } from '../../platform/list-query.ts';

export type SubAccountFilters = { type?: 'sa'; accountId?: number[] };

export async function listMainAccounts(_db: DbOrTx): Promise<never> {
  throw new Error('listMainAccounts: not built yet');
}
export async function listSubAccounts(_db: DbOrTx, _q: ListQuery<SubAccountFilters>): Promise<never> {
  throw new Error('listSubAccounts: not built yet');
}
export async function accountDetail(_db: DbOrTx, _id: number, _q: { startDate?: string; endDate?: string }, _clock: Clock): Promise<never> {
  throw new Error('accountDetail: not built yet');
}
