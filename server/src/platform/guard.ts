import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { customer, role, users } from '../schema/index.ts';
import type { Db } from './db.ts';
import { forbidden, unauthenticated } from './errors.ts';
import type { Access } from './route.ts';
import type { TokenService } from './tokens.ts';

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

/**
 * Builds the pre-handler for one route's access rule. The role and the account's status are read
 * from the database on every call, so a hidden user or a changed role takes effect at once.
 */
export function guard(access: Access, db: Db, tokens: TokenService) {
  return async (req: FastifyRequest) => {
    const token = bearer(req);
    const claims = token ? await tokens.verify(token) : null;
    if (access === 'public') {
      if (claims) req.auth = claims;
      return;
    }
    if (!claims) throw unauthenticated(token ? 'Your session has expired, please log in again' : 'Please log in');
    if (claims.kind === 'customer') {
      const [row] = await db.select({ active: customer.status }).from(customer).where(eq(customer.id, claims.id));
      if (!row?.active) throw unauthenticated('Your account is not active');
      req.auth = claims;
      if (access === 'customer') return;
      throw forbidden('This is for staff only');
    }
    const [user] = await db
      .select({
        active: users.status,
        roleId: users.roleId,
        role: role.name,
        roleActive: role.status,
        allowed: access === 'staff' || access === 'customer' ? sql<boolean>`true` : hasPermissionSql(users.roleId, access),
      })
      .from(users)
      .innerJoin(role, eq(role.id, users.roleId))
      .where(eq(users.id, claims.id));
    if (!user?.active) throw unauthenticated('Your account is not active');
    req.auth = { ...claims, roleId: user.roleId, role: user.role };
    if (access === 'customer') throw forbidden('This is for customers only');
    if (!user.roleActive) throw forbidden(`The role ${user.role} is not active`);
    if (!user.allowed) throw forbidden(`You do not have permission to do this (${access})`);
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
