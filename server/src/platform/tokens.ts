import { createHash, createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export type SubjectKind = 'staff' | 'customer';

export interface AccessClaims {
  /** Who: a staff user id or a customer id, as `kind` says. */
  id: number;
  kind: SubjectKind;
  roleId: number;
  role: string;
}

/** How many verified tokens a server keeps (about 3 MB at most). */
export const keptTokens = 10_000;

/** Signs and checks short-lived access tokens (HS256). */
export class TokenService {
  /** The secret as a key object made once (jose would make one from raw bytes on every call). */
  private readonly key: KeyObject;
  constructor(
    secret: string,
    readonly accessSeconds: number,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: AccessClaims, seconds = this.accessSeconds): Promise<string> {
    return new SignJWT({ kind: claims.kind, roleId: claims.roleId, role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
      .setIssuer('tillbook')
      .sign(this.key);
  }

  /**
   * The refresh token that follows `token` at its rotation: an HMAC of it under the signing secret. The
   * same token always has the same successor, so a replay within the grace window can be answered the
   * successor again although only hashes are stored; nobody without the secret can work it out.
   */
  successorOf(token: string): string {
    return createHmac('sha256', this.key).update(`refresh-successor:${token}`).digest('base64url');
  }

  /**
   * Tokens already verified, with their claims and expiry (seconds): a client sends its token with every request
   * until it expires, and checking its signature again cost a staff list a sixth of its CPU (jose imports the key
   * into WebCrypto on every call). A token's validity depends on nothing but its signature and its expiry, so a
   * kept one is never stale; an expired one is dropped when asked. At most {@link keptTokens} (about 300 bytes
   * each), the oldest going first.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();

  /** The claims of a valid token, or null when it is missing, forged or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    const kept = this.verified.get(token);
    if (kept) {
      if (kept.exp > Date.now() / 1000) return kept.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'tillbook', algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || (payload.kind !== 'staff' && payload.kind !== 'customer')) return null;
      const claims: AccessClaims = { id, kind: payload.kind, roleId: Number(payload.roleId), role: String(payload.role) };
      if (token.length <= 2048 && typeof payload.exp === 'number') {
        if (this.verified.size >= keptTokens) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(token, { claims, exp: payload.exp });
      }
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

/** Opaque refresh tokens: random, handed out once, stored only as a hash. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
