// Helper B builds this file: trial balance, balance sheet, income statement.
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import type { ListQuery } from '../../platform/list-query.ts';

export async function trialBalance(_db: DbOrTx, _q: ListQuery<unknown>, _clock: Clock): Promise<never> {
  throw new Error('not built yet');
}
export async function balanceSheet(_db: DbOrTx, _q: ListQuery<unknown>, _clock: Clock): Promise<never> {
  throw new Error('not built yet');
}
export async function incomeStatement(_db: DbOrTx, _q: ListQuery<unknown>, _clock: Clock): Promise<never> {
  throw new Error('not built yet');
}
