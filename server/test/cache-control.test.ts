import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ownerPassword, ownerUsername } from './constants.ts';
import { customerCookie, goodPassword, register } from './customer-fixtures.ts';
import { type Answer, useTestApp } from './harness.ts';
import { png } from './product-fixtures.ts';

/**
 * No browser cache or proxy keeps an answer that depends on who asks (issue 29): every answer to a request with
 * a bearer token or a session cookie, every answer that sets a cookie, and every answer of a route that is not
 * public carries `Cache-Control: no-store`. Public answers asked anonymously send what they sent before.
 */
const t = useTestApp();
const cacheControl = (answer: Answer) => answer.headers['cache-control'];

describe('Cache-Control', () => {
  test('public catalogue answers asked anonymously keep what they sent (no Cache-Control)', async () => {
    for (const path of ['/v1/setting', '/v1/product/public', '/v1/product-category/public', '/v1/googlelogin/config']) {
      const answer = await t.call('GET', path);
      expect(answer.status, path).toBe(200);
      expect(cacheControl(answer), path).toBeUndefined();
    }
  });

  test('the same public answers asked with a bearer token or a session cookie are no-store', async () => {
    const shopper = await register(t, 'nostore');
    const owner = await t.ownerToken();
    for (const path of ['/v1/setting', '/v1/product/public', '/v1/product-category/public']) {
      expect(cacheControl(await t.call('GET', path, { token: shopper.token })), path).toBe('no-store');
      expect(cacheControl(await t.call('GET', path, { token: owner })), path).toBe('no-store');
      expect(cacheControl(await t.call('GET', path, { cookies: { [customerCookie]: shopper.refresh } })), path).toBe('no-store');
    }
  });

  test("a shopper's and a staff member's own answers are no-store, their refusals too", async () => {
    const shopper = await register(t, 'nostore');
    const profile = await t.call('GET', '/v1/customer/profile', { token: shopper.token });
    expect([profile.status, cacheControl(profile)]).toEqual([200, 'no-store']);
    const cart = await t.call('GET', `/v1/cart/customer/${shopper.id}`, { token: shopper.token });
    expect([cart.status, cacheControl(cart)]).toEqual([200, 'no-store']);
    const users = await t.call('GET', '/v1/user', { token: await t.ownerToken() });
    expect([users.status, cacheControl(users)]).toEqual([200, 'no-store']);
    const staffOnly = await t.call('GET', '/v1/user', { token: shopper.token });
    expect([staffOnly.status, cacheControl(staffOnly)]).toEqual([403, 'no-store']);
    const anonymous = await t.call('GET', '/v1/customer/profile');
    expect([anonymous.status, cacheControl(anonymous)]).toEqual([401, 'no-store']);
  });

  test('sign-in, sign-up and refresh answers (they hand out tokens and set cookies) are no-store', async () => {
    const staff = await t.login(ownerUsername, ownerPassword);
    expect([staff.status, cacheControl(staff)]).toEqual([200, 'no-store']);
    const staffRefresh = await t.call('GET', '/v1/user/refresh-token', {
      cookies: { refreshToken: staff.cookies.find((c) => c.name === 'refreshToken')!.value },
    });
    expect([staffRefresh.status, cacheControl(staffRefresh)]).toEqual([200, 'no-store']);

    const signUp = await t.call('POST', '/v1/customer/register', {
      body: { username: 'nostore-signup', email: 'nostore-signup@example.com', password: goodPassword, confirmPassword: goodPassword },
    });
    expect([signUp.status, cacheControl(signUp)]).toEqual([201, 'no-store']);
    const signIn = await t.call('POST', '/v1/customer/login', { body: { email: 'nostore-signup@example.com', password: goodPassword } });
    expect([signIn.status, cacheControl(signIn)]).toEqual([200, 'no-store']);
    const refreshed = await t.call('GET', '/v1/customer/refresh-token', {
      cookies: { [customerCookie]: signIn.cookies.find((c) => c.name === customerCookie)!.value },
    });
    expect([refreshed.status, cacheControl(refreshed)]).toEqual([200, 'no-store']);
  });

  test('an uploaded file keeps its own caching, asked with a session cookie too (the cookie travels with every /v1 call)', async () => {
    const name = `${randomUUID()}.png`;
    await fs.mkdir(path.join(t.dataDir, 'uploads'), { recursive: true });
    await fs.writeFile(path.join(t.dataDir, 'uploads', name), await png());
    const shopper = await register(t, 'nostore');
    const anonymous = await t.call('GET', `/v1/uploads/${name}`);
    const withCookie = await t.call('GET', `/v1/uploads/${name}`, { cookies: { [customerCookie]: shopper.refresh } });
    expect(anonymous.status).toBe(200);
    expect(cacheControl(anonymous)).toMatch(/immutable/);
    expect(cacheControl(withCookie)).toBe(cacheControl(anonymous));
  });
});
