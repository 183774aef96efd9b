import { sessionEndpoints } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { unauthenticated } from '../../platform/errors.ts';
import { caller, type RouteDef } from '../../platform/route.ts';
import { role, users } from '../../schema/index.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { claimAttempt, clearFailures } from './rate-limit.ts';
import {
  clearRefreshCookie,
  issueRefreshToken,
  readRefreshCookie,
  revokeForSubject,
  rotateRefreshToken,
  setRefreshCookie,
} from './refresh-tokens.ts';

const wrongCredentials = 'username or password is incorrect';

async function staffWithRole(ctx: AppContext, where: ReturnType<typeof eq>) {
  const [row] = await ctx.db
    .select({ user: users, roleName: role.name })
    .from(users)
    .innerJoin(role, eq(role.id, users.roleId))
    .where(where);
  return row;
}

/** Staff sign-in, token refresh and sign-out. */
export function sessionRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, sessionEndpoints.login, async ({ body: { username, password }, req, reply }) => {
      // counted before the password is checked, so simultaneous guesses cannot pass the limit
      await claimAttempt(req.db, { kind: 'staff', name: username }, req.ip);
      const found = await staffWithRole(ctx, eq(sql`lower(${users.username})`, username.toLowerCase()));
      const ok = await verifyPassword(found?.user.password ?? (await decoyHash()), password);
      if (!found || !ok || !found.user.status) throw unauthenticated(wrongCredentials);
      const { user, roleName } = found;
      await clearFailures(ctx.db, { kind: 'staff', name: username }, req.ip);
      const token = await ctx.tokens.sign({ id: user.id, kind: 'staff', roleId: user.roleId, role: roleName });
      setRefreshCookie(reply, ctx.config, await issueRefreshToken(ctx.db, ctx.config, 'staff', user.id));
      const { id, roleId, email, firstName, lastName, username: name } = user;
      return { token, role: roleName, roleId, id, email, firstName, lastName, username: name };
    }),
    implement(ctx, sessionEndpoints.refresh, async ({ req, reply }) => {
      const presented = readRefreshCookie(req);
      if (!presented) throw unauthenticated('No session to refresh; please log in');
      const result = await req.db.transaction((tx) => rotateRefreshToken(tx, ctx, 'staff', presented));
      if (!result.ok) {
        clearRefreshCookie(reply);
        throw unauthenticated(
          result.reason === 'reused' ? 'This session was ended; please log in again' : 'Your session has expired; please log in again',
        );
      }
      const found = await staffWithRole(ctx, eq(users.id, result.subjectId));
      if (!found?.user.status) {
        clearRefreshCookie(reply);
        throw unauthenticated('Your account is not active');
      }
      setRefreshCookie(reply, ctx.config, result.token);
      return { token: await ctx.tokens.sign({ id: found.user.id, kind: 'staff', roleId: found.user.roleId, role: found.roleName }) };
    }),
    implement(ctx, sessionEndpoints.logout, async ({ req, reply }) => {
      await revokeForSubject(ctx.db, 'staff', caller(req).id, readRefreshCookie(req));
      clearRefreshCookie(reply);
      return { message: 'Logged out' };
    }),
  ];
}
