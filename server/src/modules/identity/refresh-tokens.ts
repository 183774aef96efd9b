import { randomUUID } from 'node:crypto';
import { signInAction } from '@tillbook/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { auditEvents } from '../../platform/audit-trail.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { hashToken, newOpaqueToken, type SubjectKind, type TokenService } from '../../platform/tokens.ts';
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

/** A rotated token presented again this soon after its rotation gets the same successor (two tabs refreshing at once). */
export const replayGraceMs = 10_000;

const expiryFrom = (config: Config, from: Date) => new Date(from.getTime() + config.refreshTokenDays * 86_400_000);

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
    expiresAt: expiryFrom(config, config.clock.now()),
  });
  // every sign-in (staff, shopper, Google) starts a family here: the audit log's sign-in row, the kind that expires
  const actor = { type: subjectKind === 'staff' ? ('user' as const) : ('customer' as const), id: subjectId };
  await auditEvents(db, [{ entity: actor.type, id: subjectId, action: signInAction, actor, changes: [] }]);
  return token;
}

export type RotateResult = { ok: true; token: string; subjectId: number } | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * Exchanges a refresh token of `subjectKind` for its successor in the same family (in a transaction: the
 * token's row is locked, so refreshes at once take turns). The successor is derived from the token
 * (`TokenService.successorOf`), so a token presented again within `replayGraceMs` of its rotation (the
 * other tab's refresh, or an answer lost on the way) gets the same successor while the family lives. Any
 * other reuse of a rotated or revoked token means it was stolen or replayed: the whole family is revoked.
 * A token of the other kind is unknown here and stays as it was.
 */
export async function rotateRefreshToken(
  tx: DbOrTx,
  ctx: { config: Config; tokens: TokenService },
  subjectKind: SubjectKind,
  presented: string,
): Promise<RotateResult> {
  const [row] = await tx
    .select()
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, hashToken(presented)))
    .for('update');
  if (!row || row.subjectKind !== subjectKind) return { ok: false, reason: 'unknown' };
  // read once the row is ours: a refresh that waited for another's lock sees that one's rotation as past
  const now = ctx.config.clock.now();
  const successor = ctx.tokens.successorOf(presented);
  if (row.rotatedAt && !row.revokedAt && now.getTime() - row.rotatedAt.getTime() <= replayGraceMs) {
    const [next] = await tx
      .select({ id: refreshToken.id })
      .from(refreshToken)
      .where(and(eq(refreshToken.tokenHash, hashToken(successor)), isNull(refreshToken.revokedAt)));
    if (next) return { ok: true, token: successor, subjectId: row.subjectId };
  }
  if (row.rotatedAt || row.revokedAt) {
    await revokeFamily(tx, row.familyId);
    return { ok: false, reason: 'reused' };
  }
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  await tx.update(refreshToken).set({ rotatedAt: now }).where(eq(refreshToken.id, row.id));
  await tx.insert(refreshToken).values({
    subjectKind,
    subjectId: row.subjectId,
    familyId: row.familyId,
    tokenHash: hashToken(successor),
    expiresAt: expiryFrom(ctx.config, now),
  });
  return { ok: true, token: successor, subjectId: row.subjectId };
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
