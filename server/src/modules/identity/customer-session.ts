import { type CustomerLoginAnswer, toStatusText } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { FileStore } from '../../platform/files.ts';
import { type customer, role } from '../../schema/index.ts';
import { issueRefreshToken } from './refresh-tokens.ts';

export type CustomerRow = typeof customer.$inferSelect;

/** The customers' refresh cookie: its own name, so a shopper's and a staff session never overwrite each other. */
export const customerRefreshCookie = 'customerRefreshToken';
const cookiePath = '/v1';

export function setCustomerRefreshCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(customerRefreshCookie, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: cookiePath,
    maxAge: config.refreshTokenDays * 86_400,
  });
}

export const clearCustomerRefreshCookie = (reply: FastifyReply) => reply.clearCookie(customerRefreshCookie, { path: cookiePath });
export const readCustomerRefreshCookie = (req: FastifyRequest): string | undefined => req.cookies[customerRefreshCookie] || undefined;

/** A stored photo's URL: our uploads are served under /v1/uploads, a Google avatar is a URL already. */
export const profileImageUrl = (stored: string | null): string | null =>
  stored && /^https?:\/\//i.test(stored) ? stored : FileStore.url(stored);

/** The name of the customer's role (the token and the storefront carry it by name). */
export async function customerRoleName(db: DbOrTx, roleId: number): Promise<string> {
  const [row] = await db.select({ name: role.name }).from(role).where(eq(role.id, roleId));
  return row?.name ?? 'customer';
}

/** An access token of kind 'customer' for the row. */
export async function customerAccessToken(ctx: AppContext, row: CustomerRow, roleName?: string): Promise<string> {
  return ctx.tokens.sign({
    id: row.id,
    kind: 'customer',
    roleId: row.roleId,
    role: roleName ?? (await customerRoleName(ctx.db, row.roleId)),
  });
}

/**
 * Signs a customer in: an access token of kind 'customer', a new refresh-token family in the
 * customers' cookie, and the login answer the storefront stores. Used by login, registration and
 * Google sign-in. `db`: the transaction the customer was just written in, if any (the refresh token
 * must see the row).
 */
export async function startCustomerSession(
  ctx: AppContext,
  reply: FastifyReply,
  row: CustomerRow,
  db: DbOrTx = ctx.db,
): Promise<CustomerLoginAnswer> {
  const roleName = await customerRoleName(db, row.roleId);
  const token = await customerAccessToken(ctx, row, roleName);
  setCustomerRefreshCookie(reply, ctx.config, await issueRefreshToken(db, ctx.config, 'customer', row.id));
  return {
    token,
    role: roleName,
    roleId: row.roleId,
    id: row.id,
    status: toStatusText(row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImage: profileImageUrl(row.profileImage),
  };
}
