import { customerMessages } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { fixedClock, systemClock } from '../src/platform/clock.ts';
import { customer } from '../src/schema/index.ts';
import { customerCookie, goodPassword, newShopper, refreshCookieOf, register, secretKeysIn } from './customer-fixtures.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
afterEach(() => {
  t.config.clock = systemClock;
});

const login = (email: string, password: string, remoteAddress?: string) =>
  t.call('POST', '/v1/customer/login', { body: { email, password }, remoteAddress });
const refresh = (cookie: string) => t.call('GET', '/v1/customer/refresh-token', { cookies: { [customerCookie]: cookie } });

describe('sign-up', () => {
  test('the password rules of the reference: 8 or more with upper, lower, digit and special character', async () => {
    const cases: [string, RegExp][] = [
      ['Sh0rt-x', /at least 8/],
      ['shop-pass1', /upper-case/],
      ['SHOP-PASS1', /lower-case/],
      ['Shop-Passx', /digit/],
      ['ShopPass12', /special/],
    ];
    for (const [password, message] of cases) {
      const answer = await t.call('POST', '/v1/customer/register', { body: { ...newShopper(), password, confirmPassword: password } });
      expect(answer.status, password).toBe(400);
      expect(answer.body.fields.password, password).toMatch(message);
    }
    const mismatch = await t.call('POST', '/v1/customer/register', { body: { ...newShopper(), confirmPassword: 'Other-Pass1' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toHaveProperty('confirmPassword');
  });

  test('signs the shopper in at once with the customer role, and stores only a hash', async () => {
    const fields = newShopper();
    const answer = await t.call('POST', '/v1/customer/register', { body: { ...fields, email: fields.email.toUpperCase() } });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ role: 'customer', username: fields.username, email: fields.email });
    expect(answer.body.token).toEqual(expect.any(String));
    expect(refreshCookieOf(answer)).toBeTruthy();
    expect(secretKeysIn(answer.body)).toEqual([]);
    const [row] = await t.database.db.select().from(customer).where(eq(customer.id, answer.body.id));
    expect(row!.password).toMatch(/^\$argon2id\$/);
    // the token works on the customer routes
    const profile = await t.call('GET', '/v1/customer/profile', { token: answer.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe(fields.email);
  });

  test("the name given at sign-up is the shopper's: in the login answer and the profile, trimmed; a bad name is a 400 naming it", async () => {
    const fields = newShopper();
    const answer = await t.call('POST', '/v1/customer/register', { body: { ...fields, firstName: ' Ann ', lastName: 'Lee' } });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ firstName: 'Ann', lastName: 'Lee', username: fields.username });
    const profile = await t.call('GET', '/v1/customer/profile', { token: answer.body.token });
    expect(profile.body).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    const bad = await t.call('POST', '/v1/customer/register', {
      body: { ...newShopper(), firstName: 'A\u0007', lastName: 'x'.repeat(61) },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['firstName', 'lastName']);
  });

  test('an e-mail already held, in any case, is a 409 naming email (never a 500); a taken username names username', async () => {
    const first = await register(t);
    const again = await t.call('POST', '/v1/customer/register', {
      body: { ...newShopper(), email: first.email.replace('shopper', 'SHOPPER') },
    });
    expect(again.status).toBe(409);
    expect(again.body.fields).toEqual({ email: 'already exists' });
    const sameName = await t.call('POST', '/v1/customer/register', { body: { ...newShopper(), username: first.username.toUpperCase() } });
    expect(sameName.status).toBe(409);
    expect(sameName.body.fields).toEqual({ username: 'already exists' });
    // a customer staff created (no password yet) holds its e-mail too
    const owner = await t.ownerToken();
    const staffMade = await t.call('POST', '/v1/customer', {
      token: owner,
      body: { username: 'counter-made', email: 'counter@example.com' },
    });
    expect(staffMade.status).toBe(201);
    const taken = await t.call('POST', '/v1/customer/register', { body: { ...newShopper(), email: 'counter@example.com' } });
    expect(taken.status).toBe(409);
  });

  test('two simultaneous sign-ups with one e-mail: one account, the other a 409', async () => {
    const email = `race${process.pid}@example.com`;
    const answers = await Promise.all(
      [newShopper('raceA'), newShopper('raceB')].map((f) => t.call('POST', '/v1/customer/register', { body: { ...f, email } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

describe('login', () => {
  test('by e-mail (any case) or username; a wrong password or unknown name reads the spec text', async () => {
    const shopper = await register(t);
    for (const name of [shopper.email, shopper.email.toUpperCase(), shopper.username]) {
      const answer = await login(name, goodPassword);
      expect(answer.status, name).toBe(200);
      expect(answer.body).toMatchObject({ id: shopper.id, role: 'customer', username: shopper.username });
      expect(refreshCookieOf(answer)).toBeTruthy();
      expect(secretKeysIn(answer.body)).toEqual([]);
    }
    for (const [name, password] of [
      [shopper.email, 'Wrong-Pass1'],
      ['nobody@example.com', goodPassword],
    ]) {
      const answer = await login(name!, password!);
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe(customerMessages.loginFailed);
    }
  });

  test('a hidden customer cannot log in; staff credentials do not log in here', async () => {
    const shopper = await register(t);
    await t.database.db.update(customer).set({ status: false }).where(eq(customer.id, shopper.id));
    const hidden = await login(shopper.email, goodPassword);
    expect(hidden.status).toBe(401);
    expect(hidden.body.error).toBe(customerMessages.loginFailed);
    // and its token no longer passes
    expect((await t.call('GET', '/v1/customer/profile', { token: shopper.token })).status).toBe(401);
    expect((await login('owner', 'owner-password-1')).status).toBe(401);
  });

  test('throttled like staff login: 10 failures from one address, then 429 even with the right password', async () => {
    const shopper = await register(t);
    const from = '203.0.113.9';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(shopper.email, 'Wrong-Pass1', from)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    const locked = await login(shopper.email, goodPassword, from);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too_many_attempts');
    // another address is not locked out
    expect((await login(shopper.email, goodPassword, '203.0.113.10')).status).toBe(200);
  });

  test('counted per account, whatever name is typed: 10 wrong by e-mail, then the username in any case is locked too', async () => {
    const shopper = await register(t);
    const from = '203.0.113.21';
    const byEmail: number[] = [];
    for (let i = 0; i < 10; i++)
      byEmail.push((await login(i % 2 ? shopper.email.toUpperCase() : shopper.email, 'Wrong-Pass1', from)).status);
    expect(byEmail).toEqual(Array(10).fill(401));
    for (const name of [shopper.username, shopper.username.toUpperCase(), shopper.email]) {
      const answer = await login(name, 'Wrong-Pass1', from);
      expect([answer.status, answer.body.code], name).toEqual([429, 'too_many_attempts']);
    }
    expect((await login(shopper.username, goodPassword, from)).status).toBe(429);
    // the account is locked for that address only
    expect((await login(shopper.username, goodPassword, '203.0.113.22')).status).toBe(200);
  });

  test('a customer token is refused on staff routes, and a staff token on customer routes', async () => {
    const shopper = await register(t);
    expect((await t.call('GET', '/v1/user', { token: shopper.token })).status).toBe(403);
    expect((await t.call('GET', '/v1/customer/profile', { token: await t.ownerToken() })).status).toBe(403);
  });
});

describe('refresh and logout', () => {
  test('the refresh cookie rotates; a rotated one presented again ends the whole session', async () => {
    const shopper = await register(t);
    const first = await refresh(shopper.refresh);
    expect(first.status).toBe(200);
    expect(first.body.token).toEqual(expect.any(String));
    const next = refreshCookieOf(first)!;
    expect(next).toBeTruthy();
    expect(next).not.toBe(shopper.refresh);
    const profile = await t.call('GET', '/v1/customer/profile', { token: first.body.token });
    expect(profile.body.id).toBe(shopper.id);
    // the old cookie again, past the window for two tabs at once: reuse, so the family (with the new cookie) is revoked
    t.config.clock = fixedClock(new Date(Date.now() + 60_000));
    const replay = await refresh(shopper.refresh);
    expect(replay.status).toBe(401);
    expect(replay.body.error).toMatch(/ended/);
    expect((await refresh(next)).status).toBe(401);
  });

  test("the staff refresh route does not take a customer's cookie, nor the customer route a staff one", async () => {
    const shopper = await register(t);
    const staffRoute = await t.call('GET', '/v1/user/refresh-token', { cookies: { refreshToken: shopper.refresh } });
    expect(staffRoute.status).toBe(401);
    const owner = await t.login('owner', 'owner-password-1');
    const staffCookie = owner.cookies.find((c) => c.name === 'refreshToken')!.value;
    expect((await refresh(staffCookie)).status).toBe(401);
    expect((await refresh('')).status).toBe(401);
  });

  test("logout ends the caller's session whatever id the body names; another shopper's session lives on", async () => {
    const a = await register(t, 'logoutA');
    const b = await register(t, 'logoutB');
    const out = await t.call('POST', '/v1/customer/logout', {
      token: a.token,
      body: { id: b.id },
      cookies: { [customerCookie]: a.refresh },
    });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(customerMessages.loggedOut);
    expect(refreshCookieOf(out)).toBe('');
    expect((await refresh(a.refresh)).status).toBe(401);
    expect((await refresh(b.refresh)).status).toBe(200);
    expect((await t.call('POST', '/v1/customer/logout', { body: {} })).status).toBe(401);
  });
});
