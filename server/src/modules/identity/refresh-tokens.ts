import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { hashToken, newOpaqueToken, type SubjectKind } from '../../platform/tokens.ts';
import { refreshToken } from '../../schema/index.ts';

export const refreshCookie = 'refreshToken';
const cookiePath = '/v1';

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(refreshCookie, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: cookiePath,
    maxAge: config.refreshTokenDays * 86_400,
  });
}

export const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(refreshCookie, { path: cookiePath });
export const readRefreshCookie = (req: FastifyRequest): string | undefined => req.cookies[refreshCookie] || undefined;

/** Starts a token family (one login) and answers the opaque token to hand out. */
export async function issueRefreshToken(
  db: DbOrTx,
  config: Config,
  subjectKind: SubjectKind,
  subjectId: number,
  familyId: string = randomUUID(),
) {
  const token = newOpaqueToken();
  await db.insert(refreshToken).values({
    subjectKind,
    subjectId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + config.refreshTokenDays * 86_400_000),
  });
  return token;
}

export type RotateResult =
  | { ok: true; token: string; subjectKind: SubjectKind; subjectId: number }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * Exchanges a refresh token for a new one in the same family. A token that was already rotated
 * or revoked means it was stolen or replayed: the whole family is revoked.
 */
export async function rotateRefreshToken(db: DbOrTx, config: Config, presented: string): Promise<RotateResult> {
  const [row] = await db
    .select()
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashToken(presented)));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.rotatedAt || row.revokedAt) {
    await revokeFamily(db, row.familyId);
    return { ok: false, reason: 'reused' };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  const claimed = await db
    .update(refreshToken)
    .set({ rotatedAt: sql`now()` })
    .where(and(eq(refreshToken.id, row.id), isNull(refreshToken.rotatedAt), isNull(refreshToken.revokedAt)))
    .returning({ id: refreshToken.id });
  if (claimed.length === 0) {
    // another request rotated it at the same moment: treat as reuse
    await revokeFamily(db, row.familyId);
    return { ok: false, reason: 'reused' };
  }
  const token = await issueRefreshToken(db, config, row.subjectKind, row.subjectId, row.familyId);
  return { ok: true, token, subjectKind: row.subjectKind, subjectId: row.subjectId };
}

export async function revokeFamily(db: DbOrTx, familyId: string) {
  await db
    .update(refreshToken)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}

/** Revokes the presented token's family if it belongs to the subject; without one, every family of the subject. */
export async function revokeForSubject(db: DbOrTx, subjectKind: SubjectKind, subjectId: number, presented?: string) {
  const mine = and(eq(refreshToken.subjectKind, subjectKind), eq(refreshToken.subjectId, subjectId), isNull(refreshToken.revokedAt));
  if (presented) {
    const [row] = await db
      .select()
      .from(refreshToken)
      .where(and(eq(refreshToken.tokenHash, hashToken(presented)), mine));
    if (row) return revokeFamily(db, row.familyId);
  }
  await db.update(refreshToken).set({ revokedAt: sql`now()` }).where(mine);
}
