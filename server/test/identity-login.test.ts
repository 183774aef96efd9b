import { afterEach, describe, expect, test } from 'vitest';
import { fixedClock, systemClock } from '../src/platform/clock.ts';
import { ownerPassword, ownerUsername } from './constants.ts';
import { type Answer, useTestApp } from './harness.ts';

const t = useTestApp();
afterEach(() => {
  t.config.clock = systemClock;
});
/** Past the window in which a rotated refresh token may be presented again (two tabs at once, refresh-replay.test.ts). */
const pastReplayWindow = () => {
  t.config.clock = fixedClock(new Date(Date.now() + 60_000));
};

const refreshCookie = (answer: Answer) => answer.cookies.find((c) => c.name === 'refreshToken')?.value;
const refresh = (cookie?: string) => t.call('GET', '/v1/user/refresh-token', cookie ? { cookies: { refreshToken: cookie } } : {});
/** A call any signed-in staff member may make: their own role's permissions. */
const whoCanI = (token: string, roleId: number) =>
  t.call('GET', '/v1/role-permission/permission', { token, query: { roleId: String(roleId) } });

describe('login', () => {
  test('answers exactly the login fields and sets an httpOnly refresh cookie', async () => {
    const answer = await t.login(ownerUsername, ownerPassword);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['email', 'firstName', 'id', 'lastName', 'role', 'roleId', 'token', 'username']);
    expect(answer.body).toMatchObject({ role: 'super-admin', username: ownerUsername, firstName: 'Shop', lastName: 'Owner' });
    expect(refreshCookie(answer)).toBeTruthy();
    const setCookie = String(answer.headers['set-cookie']);
    expect(setCookie).toMatch(/refreshToken=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect((await whoCanI(answer.body.token, answer.body.roleId)).status).toBe(200);
  });

  test('the username is matched whatever its letter case', async () => {
    expect((await t.login(ownerUsername.toUpperCase(), ownerPassword)).status).toBe(200);
  });

  test('a wrong password and an unknown user get the same 401', async () => {
    const wrong = await t.login(ownerUsername, 'not-the-password');
    const unknown = await t.login('nobody-here', 'whatever-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.code).toBe('unauthenticated');
    expect(unknown.body.error).toBe(wrong.body.error);
    expect(refreshCookie(wrong)).toBeUndefined();
  });

  test('a missing username or password is a 400 naming the field', async () => {
    const noUser = await t.call('POST', '/v1/user/login', { body: { password: 'x' } });
    expect(noUser.status).toBe(400);
    expect(noUser.body.fields).toHaveProperty('username');
    const noPassword = await t.call('POST', '/v1/user/login', { body: { username: ownerUsername } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.fields).toHaveProperty('password');
    const blank = await t.call('POST', '/v1/user/login', { body: { username: '  ', password: '' } });
    expect(Object.keys(blank.body.fields).sort()).toEqual(['password', 'username']);
  });

  test('ten failed logins lock that username from that address, even with the right password', async () => {
    const staff = await t.staffWith([]);
    for (let i = 0; i < 10; i++) expect((await t.login(staff.username, 'wrong-password')).status).toBe(401);
    const locked = await t.login(staff.username, staff.password);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('too_many_attempts');
    // other usernames from the same address, and the same username from elsewhere, are not affected
    expect((await t.login(ownerUsername, ownerPassword)).status).toBe(200);
    const elsewhere = await t.call('POST', '/v1/user/login', {
      body: { username: staff.username, password: staff.password },
      remoteAddress: '203.0.113.7',
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('refresh token', () => {
  test('rotates: a new cookie, the old one refused, and the new access token works', async () => {
    const login = await t.login(ownerUsername, ownerPassword);
    const first = refreshCookie(login)!;
    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    expect(Object.keys(rotated.body)).toEqual(['token']);
    const second = refreshCookie(rotated);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await whoCanI(rotated.body.token, login.body.roleId)).status).toBe(200);
    pastReplayWindow();
    expect((await refresh(first)).status).toBe(401);
  });

  test('reusing an old token ends the whole session: the newest token fails too', async () => {
    const login = await t.login(ownerUsername, ownerPassword);
    const first = refreshCookie(login)!;
    const second = refreshCookie(await refresh(first))!;
    const third = refreshCookie(await refresh(second))!;
    pastReplayWindow();
    expect((await refresh(first)).status).toBe(401);
    expect((await refresh(third)).status).toBe(401);
  });

  test('without a cookie, or with a made-up one, the answer is 401', async () => {
    expect((await refresh()).status).toBe(401);
    expect((await refresh('made-up-token')).status).toBe(401);
  });

  test("logout ends only the caller's session", async () => {
    const staff = await t.staffWith([]);
    const mine = await t.login(staff.username, staff.password);
    const owners = await t.login(ownerUsername, ownerPassword);
    const out = await t.call('POST', '/v1/user/logout', { token: mine.body.token, cookies: { refreshToken: refreshCookie(mine)! } });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/refreshToken=;/);
    expect((await refresh(refreshCookie(mine))).status).toBe(401);
    expect((await refresh(refreshCookie(owners))).status).toBe(200);
  });

  test('a hidden user can neither log in nor refresh, and their access token stops working', async () => {
    const staff = await t.staffWith([]);
    const session = await t.login(staff.username, staff.password);
    const hidden = await t.call('PATCH', `/v1/user/${staff.userId}`, { token: await t.ownerToken(), body: { status: 'false' } });
    expect(hidden.status).toBe(200);
    expect((await t.login(staff.username, staff.password)).status).toBe(401);
    expect((await refresh(refreshCookie(session))).status).toBe(401);
    expect((await whoCanI(session.body.token, staff.roleId)).status).toBe(401);
  });
});

describe('access token lifetime', () => {
  // whole-second iat/exp: a 3 s token is good for at least 2 s after login, even on a busy machine
  const short = useTestApp({ env: { ACCESS_TOKEN_TTL: '3s' } });

  test('follows ACCESS_TOKEN_TTL; after it the call is refused and a refresh gives a working token', async () => {
    const login = await short.login(ownerUsername, ownerPassword);
    const own = (token: string) =>
      short.call('GET', '/v1/role-permission/permission', { token, query: { roleId: String(login.body.roleId) } });
    expect((await own(login.body.token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const expired = await own(login.body.token);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('unauthenticated');
    const renewed = await short.call('GET', '/v1/user/refresh-token', { cookies: { refreshToken: refreshCookie(login)! } });
    expect(renewed.status).toBe(200);
    expect((await own(renewed.body.token)).status).toBe(200);
  });
});
