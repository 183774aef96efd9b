import { googleLoginEndpoints } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { AppError, conflict, unauthenticated } from '../../platform/errors.ts';
import type { RouteDef } from '../../platform/route.ts';
import { customer, role } from '../../schema/index.ts';
import { type CustomerRow, startCustomerSession } from './customer-session.ts';
import { type GoogleIdentity, KeyServerFailed, verifyGoogleCredential } from './google-token.ts';
import { type Attempter, claimAttempt, forgetAttempt } from './rate-limit.ts';

/**
 * The customer a Google account signs in as: the one already linked to it; else the customer with
 * the same e-mail (any case), now linked (reference defect 4: linked, not duplicated); else a new
 * customer in the customers' role, without a password.
 */
async function customerForGoogle(tx: DbOrTx, google: GoogleIdentity): Promise<CustomerRow> {
  // the same lock the customer resource takes for its unique e-mail, so two first sign-ins make one customer
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'unique:customer'}))`);
  const [linked] = await tx.select().from(customer).where(eq(customer.googleId, google.sub));
  if (linked) return linked;
  const [sameEmail] = await tx
    .select()
    .from(customer)
    .where(eq(sql`lower(${customer.email})`, google.email.toLowerCase()));
  if (sameEmail) {
    if (sameEmail.googleId)
      throw conflict('This e-mail address is linked to another Google account', { email: 'linked to another Google account' });
    const [row] = await tx
      .update(customer)
      .set({ googleId: google.sub, profileImage: sameEmail.profileImage ?? google.picture })
      .where(eq(customer.id, sameEmail.id))
      .returning();
    return row!;
  }
  const [customerRole] = await tx.select({ id: role.id }).from(role).where(eq(role.name, 'customer'));
  const [row] = await tx
    .insert(customer)
    .values({
      username: google.name ?? google.email.split('@')[0]!,
      firstName: google.givenName,
      lastName: google.familyName,
      email: google.email,
      googleId: google.sub,
      profileImage: google.picture,
      roleId: customerRole!.id,
    })
    .returning();
  return row!;
}

const notOffered = () => new AppError('not_found', 'Google sign-in is not offered by this shop (GOOGLE_CLIENT_ID is not set)');
const googleUnreachable = () =>
  new AppError(
    'service_unavailable',
    "Google sign-in is unavailable right now: Google's keys could not be fetched. Please try again in a few minutes",
  );

/**
 * Google sign-ins are counted per address: there is no name to count by before the token is checked.
 * A good one forgets only itself, not the failures before it: anyone with a Google account could
 * otherwise clear the address's count between forged tokens.
 */
const googleAttempts: Attempter = { kind: 'google', name: '' };

/** Google sign-in, and whether the storefront shows its button (`GET googlelogin/config`). */
export function googleLoginRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, googleLoginEndpoints.config, async () => ({ clientId: ctx.config.googleClientId ?? null })),
    implement(ctx, googleLoginEndpoints.login, async ({ body, req, reply }) => {
      const clientId = ctx.config.googleClientId;
      if (!clientId) throw notOffered();
      // each sign-in is counted before its token is checked, as password logins are, so forged tokens cannot be tried at will
      const attempt = await claimAttempt(req.db, googleAttempts, req.ip);
      const google = await verifyGoogleCredential(body.credential, {
        clientId,
        jwksUrl: ctx.config.googleJwksUrl,
        now: ctx.config.clock.now(),
      }).catch((error) => {
        if (!(error instanceof KeyServerFailed)) throw error;
        req.log.warn({ err: error }, 'Google sign-in: the key server failed');
        throw googleUnreachable();
      });
      const session = await req.db.transaction(async (tx) => {
        const row = await customerForGoogle(tx, google);
        if (!row.status) throw unauthenticated('Your account is not active');
        return startCustomerSession(ctx, reply, row, tx);
      });
      await forgetAttempt(ctx.db, attempt);
      return session;
    }),
  ];
}
