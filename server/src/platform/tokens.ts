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

  /** The claims of a valid token, or null when it is missing, forged or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'tillbook', algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isInteger(id) || (payload.kind !== 'staff' && payload.kind !== 'customer')) return null;
      return { id, kind: payload.kind, roleId: Number(payload.roleId), role: String(payload.role) };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

/** Opaque refresh tokens: random, handed out once, stored only as a hash. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
