// Helper C builds this file: the dashboard's figures.
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';

export async function dashboard(_db: DbOrTx, _q: { startDate?: string; endDate?: string }, _clock: Clock): Promise<never> {
  throw new Error('not built yet');
}
