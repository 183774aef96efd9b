import { createRemoteJWKSet, customFetch, decodeJwt, decodeProtectedHeader, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
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

/** The key server failed us (out of reach, too slow, or not answering a key set): not the shopper's fault. */
export class KeyServerFailed extends Error {}

/** How long the key server may take before sign-in answers that Google is out of reach. */
const keyFetchMs = 5_000;

/**
 * Fetches the key set for jose, turning every failure of the key server into `KeyServerFailed`
 * (jose reports a refused connection as a bare TypeError and a bad answer as a token error).
 */
async function fetchKeys(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  let body: string;
  try {
    response = await fetch(url, init);
    body = await response.text();
  } catch (cause) {
    throw new KeyServerFailed(`the key server ${url} could not be reached`, { cause });
  }
  if (response.status !== 200) throw new KeyServerFailed(`the key server ${url} answered ${response.status}`);
  try {
    const keys = JSON.parse(body) as { keys?: unknown };
    if (!Array.isArray(keys.keys)) throw new Error('no keys');
  } catch (cause) {
    throw new KeyServerFailed(`the key server ${url} did not answer a key set`, { cause });
  }
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

/** One key set per JWKS address: jose caches the keys and refetches only for an unknown key id (or after its cooldown). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: keyFetchMs, [customFetch]: fetchKeys });
    keySets.set(url, set);
  }
  return set;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

const refused = () => unauthenticated('Google sign-in failed: the sign-in token is not valid');
const unverifiedEmail = () => unauthenticated('Google sign-in failed: Google has not verified this e-mail address');

/**
 * The claims of a credential that could pass, read without its signature: a JWT signed RS256, issued by
 * Google for our client id, with a subject, issued and not yet expired (nor not yet valid), naming an e-mail
 * Google has verified. A credential whose claims can never pass is refused here, before Google's keys are
 * asked for, so it is a 401 even while the key server is out of reach.
 */
function plausibleClaims(credential: string, clientId: string, now: Date): JWTPayload {
  let payload: JWTPayload;
  try {
    if (decodeProtectedHeader(credential).alg !== 'RS256') throw refused();
    payload = decodeJwt(credential);
  } catch {
    throw refused();
  }
  const seconds = now.getTime() / 1000;
  const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
  const checks = [
    typeof payload.iss === 'string' && googleIssuers.includes(payload.iss),
    audiences.includes(clientId),
    typeof payload.sub === 'string' && payload.sub !== '',
    typeof payload.iat === 'number',
    typeof payload.exp === 'number' && payload.exp > seconds,
    payload.nbf === undefined || (typeof payload.nbf === 'number' && payload.nbf <= seconds),
  ];
  if (!checks.every(Boolean)) throw refused();
  return payload;
}

/**
 * Checks a Google ID token (reference defect 4 fixed): RS256 signature by a key of the JWKS, Google
 * as issuer, our client id as audience, not expired (on `now`, the server's clock), and an e-mail Google
 * has verified. Any failure of the token is a 401, the reason not told beyond that, and one whose claims
 * can never pass is refused without asking for the keys; a key server out of reach is a `KeyServerFailed`.
 */
export async function verifyGoogleCredential(
  credential: string,
  options: { clientId: string; jwksUrl: string; now: Date },
): Promise<GoogleIdentity> {
  const claimed = plausibleClaims(credential, options.clientId, options.now);
  if (!text(claimed.email) || (claimed.email_verified !== true && claimed.email_verified !== 'true')) throw unverifiedEmail();
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(credential, keySet(options.jwksUrl), {
      algorithms: ['RS256'],
      issuer: googleIssuers,
      audience: options.clientId,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: options.now,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw refused();
    throw error;
  }
  const email = text(payload.email);
  const sub = text(payload.sub);
  if (!sub || !email || (payload.email_verified !== true && payload.email_verified !== 'true')) throw unverifiedEmail();
  return {
    sub,
    email,
    givenName: text(payload.given_name),
    familyName: text(payload.family_name),
    name: text(payload.name),
    picture: text(payload.picture),
  };
}
