import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';

/**
 * Google sign-in against a local JWKS: a key pair made here, its public half served by a tiny HTTP
 * server standing in for Google's certificate address. Tokens are signed here as Google would.
 */
const clientId = 'tillbook-test.apps.googleusercontent.com';
const env: Record<string, string> = { GOOGLE_CLIENT_ID: clientId };
let jwks: http.Server;
let googleKey: CryptoKey;
let otherKey: CryptoKey;
let publicJwk: JWK;
let keyFetches = 0;

beforeAll(async () => {
  const google = await generateKeyPair('RS256', { extractable: true });
  googleKey = google.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  publicJwk = { ...(await exportJWK(google.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwks = http.createServer((_req, res) => {
    keyFetches++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  env.GOOGLE_JWKS_URL = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`;
});
afterAll(() => new Promise<void>((resolve) => jwks.close(() => resolve())));

// started after the JWKS server (hooks run in order), with its address in env
const t = useTestApp({ env, invariants: true });

const now = () => Math.floor(Date.now() / 1000);
const googleClaims = (over: JWTPayload = {}): JWTPayload => ({
  iss: 'https://accounts.google.com',
  aud: clientId,
  sub: '1100000000000000001',
  email: 'lin@example.com',
  email_verified: true,
  given_name: 'Lin',
  family_name: 'Chen',
  name: 'Lin Chen',
  picture: 'https://lh3.googleusercontent.com/a/lin',
  iat: now() - 10,
  exp: now() + 3600,
  ...over,
});
const sign = (claims: JWTPayload, key: CryptoKey = googleKey) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' }).sign(key);
const login = (credential: string, remoteAddress?: string) =>
  t.call('POST', '/v1/googlelogin/login', { body: { credential }, remoteAddress });
const customersWith = (email: string) => rows(t, sql`select id, google_id, password from customer where lower(email) = lower(${email})`);

describe('Google sign-in', () => {
  test('the storefront learns the client id for its button', async () => {
    const answer = await t.call('GET', '/v1/googlelogin/config');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ clientId });
  });

  test('a good token creates the customer once; the next sign-in is the same customer', async () => {
    const first = await login(await sign(googleClaims()));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ email: 'lin@example.com', firstName: 'Lin', lastName: 'Chen', role: 'customer' });
    expect(first.body.profileImage).toBe('https://lh3.googleusercontent.com/a/lin');
    expect(first.body).not.toHaveProperty('password');
    expect(first.cookies.map((c) => c.name)).toContain('customerRefreshToken');
    const claims = await t.tokens.verify(first.body.token);
    expect(claims).toMatchObject({ id: first.body.id, kind: 'customer' });

    // the issuer may also come without the scheme
    const again = await login(await sign(googleClaims({ iss: 'accounts.google.com' })));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const stored = await customersWith('lin@example.com');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ google_id: '1100000000000000001', password: null });

    // the token signs the customer in: their profile answers to it
    const profile = await t.call('GET', '/v1/customer/profile', { token: again.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: first.body.id, email: 'lin@example.com' });
    // the keys were fetched once and cached, not per sign-in
    expect(keyFetches).toBe(1);
  });

  test('a customer who already has the e-mail (any case) is linked, not duplicated', async () => {
    const owner = await t.ownerToken();
    const made = await t.call('POST', '/v1/customer', { token: owner, body: { username: 'Mo Staff-made', email: 'Mo@Example.com' } });
    expect(made.status).toBe(201);
    const answer = await login(await sign(googleClaims({ sub: '2200000000000000002', email: 'mo@example.com', name: 'Mo' })));
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(made.body.id);
    expect(answer.body.username).toBe('Mo Staff-made');
    const stored = await customersWith('mo@example.com');
    expect(stored).toEqual([{ id: made.body.id, google_id: '2200000000000000002', password: null }]);
  });

  test('wrong audience, wrong issuer, expired, another key and an unverified e-mail are each refused', async () => {
    const before = await rows(t, sql`select count(*)::int as n from customer`);
    const refused = {
      audience: await sign(googleClaims({ sub: '9', email: 'x1@example.com', aud: 'someone-else.apps.googleusercontent.com' })),
      issuer: await sign(googleClaims({ sub: '9', email: 'x2@example.com', iss: 'https://evil.example.com' })),
      expired: await sign(googleClaims({ sub: '9', email: 'x3@example.com', iat: now() - 7200, exp: now() - 3600 })),
      signature: await sign(googleClaims({ sub: '9', email: 'x4@example.com' }), otherKey),
      unverified: await sign(googleClaims({ sub: '9', email: 'x5@example.com', email_verified: false })),
      garbage: 'not-a-token',
    };
    for (const [why, credential] of Object.entries(refused)) {
      const answer = await login(credential);
      expect(answer.status, why).toBe(401);
      expect(answer.body.code, why).toBe('unauthenticated');
    }
    // none of them made a customer
    expect(await rows(t, sql`select count(*)::int as n from customer`)).toEqual(before);
    expect((await login('')).status).toBe(400);
  });
});

describe('Google sign-in throttled like password logins', () => {
  const from = '203.0.113.70';
  const forged = () => sign(googleClaims({ sub: '7700000000000000007', email: 'forger@example.com' }), otherKey);
  const good = () => sign(googleClaims({ sub: '7700000000000000008', email: 'honest@example.com' }));

  test('10 refused tokens from one address, then 429 even for a good one; a good one in between does not clear the count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(await forged(), from)).status);
    statuses.push((await login(await good(), from)).status);
    for (let i = 0; i < 5; i++) statuses.push((await login(await forged(), from)).status);
    expect(statuses).toEqual([...Array(5).fill(401), 200, ...Array(5).fill(401)]);
    const locked = await login(await good(), from);
    expect([locked.status, locked.body.code]).toEqual([429, 'too_many_attempts']);
    // another address is not locked out
    expect((await login(await good(), '203.0.113.71')).status).toBe(200);
  });
});

describe('Google key server out of reach', () => {
  test('a closed port, then an error answer, are each a 503 with a clear message (not 500); sign-in works once the keys are back', async () => {
    let failing = true;
    const keyServer = http.createServer((_req, res) => {
      if (failing) {
        res.statusCode = 503;
        res.end('Service Unavailable');
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [publicJwk] }));
    });
    // a port that was just free: nothing listens on it until the server is started below
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    const { port } = keyServer.address() as AddressInfo;
    await new Promise<void>((resolve) => keyServer.close(() => resolve()));
    const app = await startTestApp({ GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` });
    const signIn = async () => app.call('POST', '/v1/googlelogin/login', { body: { credential: await sign(googleClaims()) } });
    const unavailable = {
      error: "Google sign-in is unavailable right now: Google's keys could not be fetched. Please try again in a few minutes",
      code: 'service_unavailable',
    };
    try {
      const refused = await signIn();
      expect([refused.status, refused.body]).toEqual([503, unavailable]);
      await new Promise<void>((resolve) => keyServer.listen(port, '127.0.0.1', resolve));
      const failed = await signIn();
      expect([failed.status, failed.body]).toEqual([503, unavailable]);
      failing = false;
      expect((await signIn()).status).toBe(200);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => keyServer.close(() => resolve()));
    }
  });
});

describe('Google credentials whose claims can never pass', () => {
  test("no audience, a wrong issuer or audience, expired, not RS256 or not a token: 401 without asking for Google's keys, even while the key server is down", async () => {
    let asked = 0;
    const keyServer = http.createServer((_req, res) => {
      asked++;
      res.statusCode = 503;
      res.end('Service Unavailable');
    });
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    const { port } = keyServer.address() as AddressInfo;
    const app = await startTestApp({ GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` });
    const signIn = (credential: string) => app.call('POST', '/v1/googlelogin/login', { body: { credential } });
    try {
      const never = {
        noAudience: await sign(googleClaims({ aud: undefined })),
        wrongAudience: await sign(googleClaims({ aud: 'someone-else.apps.googleusercontent.com' })),
        wrongIssuer: await sign(googleClaims({ iss: 'https://evil.example.com' })),
        expired: await sign(googleClaims({ iat: now() - 7200, exp: now() - 3600 })),
        noExpiry: await sign(googleClaims({ exp: undefined })),
        unverified: await sign(googleClaims({ email_verified: false })),
        notRs256: await new SignJWT(googleClaims()).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(32))),
        notAToken: 'not-a-token',
      };
      for (const [why, credential] of Object.entries(never)) {
        const answer = await signIn(credential);
        expect([answer.status, answer.body.code], why).toEqual([401, 'unauthenticated']);
      }
      expect(asked).toBe(0);
      // a well-formed token needs the keys: the key server's failure is the 503
      const wellFormed = await signIn(await sign(googleClaims()));
      expect([wellFormed.status, wellFormed.body.code]).toEqual([503, 'service_unavailable']);
      expect(asked).toBeGreaterThan(0);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => keyServer.close(() => resolve()));
    }
  });
});

describe('Google sign-in not configured', () => {
  test('without GOOGLE_CLIENT_ID the route is a clear 404 and the button is hidden', async () => {
    const bare = await startTestApp({ GOOGLE_JWKS_URL: env.GOOGLE_JWKS_URL! });
    try {
      const config = await bare.call('GET', '/v1/googlelogin/config');
      expect(config.body).toEqual({ clientId: null });
      const answer = await bare.call('POST', '/v1/googlelogin/login', { body: { credential: await sign(googleClaims()) } });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatch(/Google sign-in is not offered/);
    } finally {
      await bare.close();
    }
  });
});
