import { describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

/** Security headers on every answer (issue 19): what a browser is told to allow, to frame and to remember. */
const policyOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    String(headers['content-security-policy'] ?? '')
      .split(';')
      .filter((d) => d.trim())
      .map((d) => {
        const [name, ...sources] = d.trim().split(/\s+/);
        return [name, sources];
      }),
  ) as Record<string, string[]>;

describe('a shop without Google sign-in, over plain HTTP', () => {
  const t = useTestApp();

  test('the API and its errors carry the policy, frame refusal and referrer policy, and no HSTS', async () => {
    for (const answer of [await t.call('GET', '/v1/setting'), await t.call('GET', '/v1/nowhere'), await t.login('owner', 'wrong')]) {
      const policy = policyOf(answer.headers);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['frame-src']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['upgrade-insecure-requests']).toBeUndefined();
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(JSON.stringify(policy)).not.toContain('google');
    }
  });
});

describe('a shop with Google sign-in, behind HTTPS', () => {
  const t = useTestApp({ env: { GOOGLE_CLIENT_ID: 'shop.apps.googleusercontent.com', SECURE_COOKIES: 'true' } });

  test("Google's script, style, frame and calls are allowed, and browsers are told to keep to HTTPS", async () => {
    const answer = await t.call('GET', '/v1/googlelogin/config');
    expect(answer.body.clientId).toBe('shop.apps.googleusercontent.com');
    const policy = policyOf(answer.headers);
    expect(policy['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(policy['style-src']).toContain('https://accounts.google.com/gsi/style');
    expect(policy['frame-src']).toEqual(['https://accounts.google.com/gsi/']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['upgrade-insecure-requests']).toEqual([]);
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
