import { customerMessages, customerSessionEndpoints } from '@tillbook/contract';
import { and, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { duplicate, unauthenticated } from '../../platform/errors.ts';
import { caller, type RouteDef } from '../../platform/route.ts';
import { customer, role } from '../../schema/index.ts';
import {
  type CustomerRow,
  clearCustomerRefreshCookie,
  customerAccessToken,
  readCustomerRefreshCookie,
  setCustomerRefreshCookie,
  startCustomerSession,
} from './customer-session.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { type Attempter, claimAttempt, clearFailures } from './rate-limit.ts';
import { revokeForSubject, rotateRefreshToken } from './refresh-tokens.ts';

/**
 * Failed logins count per account (and address), whatever name was typed: e-mail or username, in any
 * case, so typing the other name gives no fresh guesses. A name no account answers to counts as itself.
 */
const attempter = (login: string, account: CustomerRow | undefined): Attempter =>
  account ? { kind: 'customer-account', name: String(account.id) } : { kind: 'customer-name', name: login };

/** Serialises sign-ups of one e-mail or username (the unique index on e-mail is case-sensitive; our check is not). */
const lockName = (tx: DbOrTx, what: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-name:${what.toLowerCase()}`}))`);

/** Another customer already holds this e-mail / username, whatever its case? */
export async function customerNameTaken(tx: DbOrTx, column: 'email' | 'username', value: string, exceptId?: number): Promise<boolean> {
  const where: SQL[] = [eq(sql`lower(${customer[column]})`, value.toLowerCase())];
  if (exceptId !== undefined) where.push(ne(customer.id, exceptId));
  const [row] = await tx
    .select({ id: customer.id })
    .from(customer)
    .where(and(...where))
    .limit(1);
  return !!row;
}

/** Throws the 409 naming the field when another customer holds the value. */
export async function refuseTakenName(tx: DbOrTx, column: 'email' | 'username', value: string, exceptId?: number) {
  await lockName(tx, `${column}:${value}`);
  if (await customerNameTaken(tx, column, value, exceptId)) throw duplicate('Customer', column, { email: 'E-mail' });
}

/**
 * The customer a login names: by e-mail when it holds an @, else by username. A username shared by
 * several customers signs nobody in (they use their e-mail).
 */
async function customerByLogin(ctx: AppContext, login: string): Promise<CustomerRow | undefined> {
  const column = login.includes('@') ? customer.email : customer.username;
  const rows = await ctx.db
    .select()
    .from(customer)
    .where(and(eq(sql`lower(${column})`, login.toLowerCase()), isNotNull(customer.password)))
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

/** Shopper sign-up, sign-in, token refresh and sign-out. */
export function customerAuthRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, customerSessionEndpoints.register, async ({ body, reply, req }) => {
      const hashed = await hashPassword(body.password);
      return req.db.transaction(async (tx) => {
        await refuseTakenName(tx, 'email', body.email);
        await refuseTakenName(tx, 'username', body.username);
        const [customerRole] = await tx.select({ id: role.id }).from(role).where(eq(role.name, 'customer'));
        const [created] = await tx
          .insert(customer)
          .values({
            username: body.username,
            email: body.email,
            firstName: body.firstName,
            lastName: body.lastName,
            password: hashed,
            roleId: customerRole!.id,
          })
          .returning();
        return startCustomerSession(ctx, reply, created!, tx);
      });
    }),
    implement(ctx, customerSessionEndpoints.login, async ({ body: { email: login, password }, req, reply }) => {
      const found = await customerByLogin(ctx, login);
      // counted before the password is checked, so simultaneous guesses cannot pass the limit
      await claimAttempt(req.db, attempter(login, found), req.ip);
      const ok = await verifyPassword(found?.password ?? (await decoyHash()), password);
      if (!found || !ok || !found.status) throw unauthenticated(customerMessages.loginFailed);
      await clearFailures(ctx.db, attempter(login, found), req.ip);
      return startCustomerSession(ctx, reply, found);
    }),
    implement(ctx, customerSessionEndpoints.refresh, async ({ req, reply }) => {
      const presented = readCustomerRefreshCookie(req);
      if (!presented) throw unauthenticated('No session to refresh; please log in');
      const result = await req.db.transaction((tx) => rotateRefreshToken(tx, ctx, 'customer', presented));
      if (!result.ok) {
        clearCustomerRefreshCookie(reply);
        throw unauthenticated(
          result.reason === 'reused' ? 'This session was ended; please log in again' : 'Your session has expired; please log in again',
        );
      }
      const [row] = await ctx.db.select().from(customer).where(eq(customer.id, result.subjectId));
      if (!row?.status) {
        clearCustomerRefreshCookie(reply);
        throw unauthenticated('Your account is not active');
      }
      setCustomerRefreshCookie(reply, ctx.config, result.token);
      return { token: await customerAccessToken(ctx, row) };
    }),
    // the body's id is ignored: the session ended is the caller's
    implement(ctx, customerSessionEndpoints.logout, async ({ req, reply }) => {
      await revokeForSubject(ctx.db, 'customer', caller(req).id, readCustomerRefreshCookie(req));
      clearCustomerRefreshCookie(reply);
      return { message: customerMessages.loggedOut };
    }),
  ];
}
