// Helper B builds this file: the VAT report from the Tax account's postings.
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';

export async function vatStatement(_db: DbOrTx, _q: { startDate?: string; endDate?: string }, _clock: Clock): Promise<never> {
  throw new Error('not built yet');
}
