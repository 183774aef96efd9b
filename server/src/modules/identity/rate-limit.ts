import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { loginFailure } from '../../schema/index.ts';

export const maxFailures = 10;
export const windowMinutes = 15;

const since = () => new Date(Date.now() - windowMinutes * 60_000);

/** Refuses a login when this username has failed too often from this address lately. */
export async function assertNotLocked(db: DbOrTx, username: string, address: string): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailure)
    .where(and(eq(loginFailure.username, username.toLowerCase()), eq(loginFailure.address, address), gte(loginFailure.at, since())));
  if ((row?.n ?? 0) >= maxFailures) {
    throw new AppError('too_many_attempts', `Too many failed logins; try again in ${windowMinutes} minutes`);
  }
}

export async function recordFailure(db: DbOrTx, username: string, address: string): Promise<void> {
  await db.insert(loginFailure).values({ username: username.toLowerCase(), address });
  // keep the table small: old attempts no longer count
  await db.delete(loginFailure).where(lt(loginFailure.at, sql`now() - interval '1 day'`));
}

export async function clearFailures(db: DbOrTx, username: string, address: string): Promise<void> {
  await db.delete(loginFailure).where(and(eq(loginFailure.username, username.toLowerCase()), eq(loginFailure.address, address)));
}
