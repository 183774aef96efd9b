import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { loginFailure } from '../../schema/index.ts';

export const maxFailures = 10;
export const windowMinutes = 15;

const since = () => new Date(Date.now() - windowMinutes * 60_000);

/**
 * Counts a login attempt for this username from this address before its password is checked, and
 * refuses it (429) when the last attempts already reached the limit. Check and count run in one
 * short transaction under an advisory lock on username and address, so simultaneous attempts are
 * counted one after the other: at most `maxFailures` passwords are ever checked per window. Each
 * attempt is a `login_failure` row until a successful login clears them.
 */
export async function claimAttempt(db: Db, username: string, address: string): Promise<void> {
  const name = username.toLowerCase();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${name}@${address}`}))`);
    const [row] = await tx
      .select({ n: count() })
      .from(loginFailure)
      .where(and(eq(loginFailure.username, name), eq(loginFailure.address, address), gte(loginFailure.at, since())));
    if ((row?.n ?? 0) >= maxFailures) {
      throw new AppError('too_many_attempts', `Too many failed logins; try again in ${windowMinutes} minutes`);
    }
    await tx.insert(loginFailure).values({ username: name, address });
  });
  // keep the table small: old attempts no longer count
  await db.delete(loginFailure).where(lt(loginFailure.at, sql`now() - interval '1 day'`));
}

/** After a successful login: the attempts of this username from this address no longer count. */
export async function clearFailures(db: DbOrTx, username: string, address: string): Promise<void> {
  await db.delete(loginFailure).where(and(eq(loginFailure.username, username.toLowerCase()), eq(loginFailure.address, address)));
}
