import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { customer, permission, role, rolePermission, users } from '../schema/index.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db.ts';
import { forbidden, unauthenticated } from './errors.ts';
import type { Access } from './route.ts';
import { WatchedCache } from './watched-cache.ts';

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

type StaffAccount = { active: boolean; roleId: number; role: string; roleActive: boolean } | undefined;

/**
 * What the guard reads of accounts and roles, cached in memory and dropped as soon as one of their
 * tables is written (a hidden user, a changed role or grant takes effect on the next request), so a
 * request pays no query for its access check.
 */
export class AccessRules {
  readonly #staff: WatchedCache<number, StaffAccount>;
  readonly #grants: WatchedCache<number, Set<string>>;
  readonly #customers: WatchedCache<number, boolean>;

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'watch'>) {
    this.#staff = new WatchedCache(ctx.watch, ['users', 'role']);
    this.#grants = new WatchedCache(ctx.watch, ['role_permission', 'permission'], { entries: 500 });
    this.#customers = new WatchedCache(ctx.watch, ['customer']);
  }

  staff(id: number): Promise<StaffAccount> {
    return this.#staff.get(id, async () => {
      const [row] = await this.ctx.db
        .select({ active: users.status, roleId: users.roleId, role: role.name, roleActive: role.status })
        .from(users)
        .innerJoin(role, eq(role.id, users.roleId))
        .where(eq(users.id, id));
      return row;
    });
  }

  /** The names of the active permissions a role holds. */
  grants(roleId: number): Promise<Set<string>> {
    return this.#grants.get(roleId, async () => {
      const rows = await this.ctx.db
        .select({ name: permission.name })
        .from(rolePermission)
        .innerJoin(permission, eq(permission.id, rolePermission.permissionId))
        .where(and(eq(rolePermission.roleId, roleId), eq(permission.status, true)));
      return new Set(rows.map((r) => r.name));
    });
  }

  customerActive(id: number): Promise<boolean> {
    return this.#customers.get(id, async () => {
      const [row] = await this.ctx.db.select({ active: customer.status }).from(customer).where(eq(customer.id, id));
      return row?.active === true;
    });
  }
}

/**
 * Builds the pre-handler for one route's access rule. The account's status, its role and the role's
 * grants come from `AccessRules`, which is never older than the last write to them.
 */
export function guard(
  access: Access,
  ctx: Pick<AppContext, 'tokens'>,
  rules: AccessRules,
  alsoFor: readonly string[] = [],
  customers?: 'own',
) {
  const check = async (req: FastifyRequest, token: string | undefined) => {
    const claims = token ? await ctx.tokens.verify(token) : null;
    if (access === 'public') {
      if (claims) req.auth = claims;
      return;
    }
    if (!claims) throw unauthenticated(token ? 'Your session has expired, please log in again' : 'Please log in');
    if (claims.kind === 'customer') {
      if (!(await rules.customerActive(claims.id))) throw unauthenticated('Your account is not active');
      req.auth = claims;
      if (access === 'customer' || customers === 'own') return;
      throw forbidden('This is for staff only');
    }
    const user = await rules.staff(claims.id);
    if (!user?.active) throw unauthenticated('Your account is not active');
    req.auth = { ...claims, roleId: user.roleId, role: user.role };
    if (access === 'customer') throw forbidden('This is for customers only');
    if (!user.roleActive) throw forbidden(`The role ${user.role} is not active`);
    const grants = await rules.grants(user.roleId);
    req.grants = grants;
    if (access !== 'staff' && !grants.has(access) && !alsoFor.some((name) => grants.has(name))) {
      throw forbidden(`You do not have permission to do this (${access})`);
    }
  };
  // a callback hook: a visitor on a public route (most of the shop's reads) passes at once, with no promise
  // and no turn of the event loop; anyone with a token is checked as above
  return (req: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    const token = bearer(req);
    if (access === 'public' && !token) done();
    else check(req, token).then(() => done(), done);
  };
}

/** SQL: does the role in `roleColumn` hold the named (active) permission? */
export function hasPermissionSql(roleColumn: PgColumn | number, name: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from role_permission rp join permission p on p.id = rp.permission_id
    where rp.role_id = ${roleColumn} and p.name = ${name} and p.status)`;
}

/** For the few handlers that widen access in code (e.g. reading one's own role's permissions). */
export async function roleHasPermission(db: Db, roleId: number, name: string): Promise<boolean> {
  const [row] = await db
    .select({ allowed: hasPermissionSql(roleId, name) })
    .from(role)
    .where(and(eq(role.id, roleId), eq(role.status, true)));
  return row?.allowed === true;
}
