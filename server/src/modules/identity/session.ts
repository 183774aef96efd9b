import { loginBody, type LoginAnswer } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { unauthenticated } from '../../platform/errors.ts';
import { caller, parseBody, type RouteDef } from '../../platform/route.ts';
import { role, users } from '../../schema/index.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { assertNotLocked, clearFailures, recordFailure } from './rate-limit.ts';
import {
  clearRefreshCookie, issueRefreshToken, readRefreshCookie, revokeForSubject, rotateRefreshToken, setRefreshCookie,
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
    {
      method: 'POST', url: '/user/login', access: 'public',
      handler: async (req, reply) => {
        const { username, password } = parseBody(loginBody, req.body);
        await assertNotLocked(ctx.db, username, req.ip);
        const found = await staffWithRole(ctx, eq(sql`lower(${users.username})`, username.toLowerCase()));
        const ok = await verifyPassword(found?.user.password ?? (await decoyHash()), password);
        if (!found || !ok || !found.user.status) {
          await recordFailure(ctx.db, username, req.ip);
          throw unauthenticated(wrongCredentials);
        }
        const { user, roleName } = found;
        await clearFailures(ctx.db, username, req.ip);
        const token = await ctx.tokens.sign({ id: user.id, kind: 'staff', roleId: user.roleId, role: roleName });
        setRefreshCookie(reply, ctx.config, await issueRefreshToken(ctx.db, ctx.config, 'staff', user.id));
        const answer: LoginAnswer = {
          token,
          role: roleName,
          roleId: user.roleId,
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          username: user.username,
        };
        return answer;
      },
    },
    {
      method: 'GET', url: '/user/refresh-token', access: 'public',
      handler: async (req, reply) => {
        const presented = readRefreshCookie(req);
        if (!presented) throw unauthenticated('No session to refresh; please log in');
        const result = await ctx.db.transaction((tx) => rotateRefreshToken(tx, ctx.config, presented));
        if (!result.ok || result.subjectKind !== 'staff') {
          clearRefreshCookie(reply);
          throw unauthenticated(result.ok ? 'Please log in' : result.reason === 'reused' ? 'This session was ended; please log in again' : 'Your session has expired; please log in again');
        }
        const found = await staffWithRole(ctx, eq(users.id, result.subjectId));
        if (!found?.user.status) {
          clearRefreshCookie(reply);
          throw unauthenticated('Your account is not active');
        }
        setRefreshCookie(reply, ctx.config, result.token);
        return { token: await ctx.tokens.sign({ id: found.user.id, kind: 'staff', roleId: found.user.roleId, role: found.roleName }) };
      },
    },
    {
      method: 'POST', url: '/user/logout', access: 'staff',
      handler: async (req, reply) => {
        await revokeForSubject(ctx.db, 'staff', caller(req).id, readRefreshCookie(req));
        clearRefreshCookie(reply);
        return { message: 'Logged out' };
      },
    },
  ];
}
