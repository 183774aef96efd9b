import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { loginFailure } from '../../schema/index.ts';

export const maxFailures = 10;
export const windowMinutes = 15;

const since = () => new Date(Date.now() - windowMinutes * 60_000);

/**
 * Whose attempts count together: a staff username, a shopper's account (or the name typed when no
 * account answers to it), a shopper's password change, or every Google sign-in from the address. The
 * kind keeps them apart, so a staff member named like a shopper's key shares nothing with that shopper.
 */
export interface Attempter {
  kind: 'staff' | 'customer-account' | 'customer-name' | 'customer-password' | 'google';
  name: string;
}
const keyOf = (who: Attempter) => `${who.kind}:${who.name.toLowerCase()}`;

/**
 * Counts a login attempt of `who` from this address before its password (or token) is checked, and
 * refuses it (429) when the last attempts already reached the limit. Check and count run in one
 * short transaction under an advisory lock on the key and address, so simultaneous attempts are
 * counted one after the other: at most `maxFailures` passwords are ever checked per window. Each
 * attempt is a `login_failure` row until a successful login clears them.
 */
export async function claimAttempt(db: Db, who: Attempter, address: string): Promise<number> {
  const key = keyOf(who);
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${key}@${address}`}))`);
    const [row] = await tx
      .select({ n: count() })
      .from(loginFailure)
      .where(and(eq(loginFailure.username, key), eq(loginFailure.address, address), gte(loginFailure.at, since())));
    if ((row?.n ?? 0) >= maxFailures) {
      throw new AppError('too_many_attempts', `Too many failed logins; try again in ${windowMinutes} minutes`);
    }
    const [claimed] = await tx.insert(loginFailure).values({ username: key, address }).returning({ id: loginFailure.id });
    return claimed!.id;
  });
  // keep the table small: old attempts no longer count
  await db.delete(loginFailure).where(lt(loginFailure.at, sql`now() - interval '1 day'`));
  return id;
}

/** A successful attempt no longer counts, but the failures before it still do (see google-login.ts). */
export async function forgetAttempt(db: DbOrTx, id: number): Promise<void> {
  await db.delete(loginFailure).where(eq(loginFailure.id, id));
}

/** After a successful login: the attempts of `who` from this address no longer count. */
export async function clearFailures(db: DbOrTx, who: Attempter, address: string): Promise<void> {
  await db.delete(loginFailure).where(and(eq(loginFailure.username, keyOf(who)), eq(loginFailure.address, address)));
}
