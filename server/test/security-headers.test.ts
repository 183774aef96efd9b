import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { type Answer, useTestApp } from './harness.ts';

/**
 * Security headers on every answer (issue 19): what a browser is told to allow, to frame and to remember. The web
 * app's pages carry the whole policy; the API's answers (JSON, uploads: never rendered as a page) the headers that
 * still matter for them (issue 30: four lines where a page needs twelve).
 */
const policyOf = (headers: Answer['headers']) =>
  Object.fromEntries(
    String(headers['content-security-policy'] ?? '')
      .split(';')
      .filter((d) => d.trim())
      .map((d) => {
        const [name, ...sources] = d.trim().split(/\s+/);
        return [name, sources];
      }),
  ) as Record<string, string[]>;

/** A built web app of one page, so the server serves its index and its client routes. */
function webApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Tillbook</title>');
  return dir;
}

/** The API's answers: a read, a 404, a refused login, and a kept list page asked twice (the second at the front door). */
async function apiAnswers(t: ReturnType<typeof useTestApp>): Promise<Answer[]> {
  const answers = [await t.call('GET', '/v1/setting'), await t.call('GET', '/v1/nowhere'), await t.login('owner', 'wrong')];
  const atTheDoor = t.app.frontDoor.answered;
  for (const _ of [1, 2]) answers.push(await t.call('GET', '/v1/product/public?count=5', { overHttp: true }));
  expect(t.app.frontDoor.answered).toBe(atTheDoor + 1);
  return answers;
}

describe('a shop without Google sign-in, over plain HTTP', () => {
  const t = useTestApp({ env: { WEB_DIST: webApp() } });

  test("the web app's pages carry the policy, frame refusal and referrer policy, and no HSTS", async () => {
    for (const page of [await t.call('GET', '/'), await t.call('GET', '/admin/sale'), await t.call('GET', '/index.html')]) {
      expect(page.status).toBe(200);
      const policy = policyOf(page.headers);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['frame-src']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['upgrade-insecure-requests']).toBeUndefined();
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['strict-transport-security']).toBeUndefined();
      expect(JSON.stringify(policy)).not.toContain('google');
    }
  });

  test('the API, its errors and its kept answers at the front door load nothing, refuse framing and sniffing', async () => {
    for (const answer of await apiAnswers(t)) {
      expect(policyOf(answer.headers)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      // the document-only headers stay on the pages
      expect(answer.headers['referrer-policy']).toBeUndefined();
      expect(answer.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });
});

describe('a shop with Google sign-in, behind HTTPS', () => {
  const t = useTestApp({ env: { GOOGLE_CLIENT_ID: 'shop.apps.googleusercontent.com', SECURE_COOKIES: 'true', WEB_DIST: webApp() } });

  test("the pages allow Google's script, style, frame and calls, and browsers are told to keep to HTTPS", async () => {
    expect((await t.call('GET', '/v1/googlelogin/config')).body.clientId).toBe('shop.apps.googleusercontent.com');
    const page = await t.call('GET', '/');
    const policy = policyOf(page.headers);
    expect(policy['script-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(policy['style-src']).toContain('https://accounts.google.com/gsi/style');
    expect(policy['frame-src']).toEqual(['https://accounts.google.com/gsi/']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['upgrade-insecure-requests']).toEqual([]);
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  test('the API answers carry HSTS too', async () => {
    for (const answer of await apiAnswers(t))
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
