import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { unauthenticated } from '../../platform/errors.ts';

/** Who a verified Google ID token names. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  picture: string | null;
}

const googleIssuers = ['accounts.google.com', 'https://accounts.google.com'];

/** One key set per JWKS address: jose caches the keys and refetches only for an unknown key id (or after its cooldown). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url));
    keySets.set(url, set);
  }
  return set;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Checks a Google ID token (reference defect 4 fixed): RS256 signature by a key of the JWKS, Google
 * as issuer, our client id as audience, not expired, and an e-mail Google has verified. Any failure
 * is a 401; the reason is not told beyond that.
 */
export async function verifyGoogleCredential(credential: string, options: { clientId: string; jwksUrl: string }): Promise<GoogleIdentity> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(credential, keySet(options.jwksUrl), {
      algorithms: ['RS256'],
      issuer: googleIssuers,
      audience: options.clientId,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw unauthenticated('Google sign-in failed: the sign-in token is not valid');
    throw error;
  }
  const email = text(payload.email);
  const sub = text(payload.sub);
  if (!sub || !email || (payload.email_verified !== true && payload.email_verified !== 'true'))
    throw unauthenticated('Google sign-in failed: Google has not verified this e-mail address');
  return {
    sub,
    email,
    givenName: text(payload.given_name),
    familyName: text(payload.family_name),
    name: text(payload.name),
    picture: text(payload.picture),
  };
}
