import { afterEach, describe, expect, test } from 'vitest';
import { fixedClock, systemClock } from '../src/platform/clock.ts';
import { ownerPassword, ownerUsername } from './constants.ts';
import { customerCookie, register } from './customer-fixtures.ts';
import { type Answer, useTestApp } from './harness.ts';

/**
 * Two tabs meeting the access token's expiry refresh at once with the same cookie (issue 29): a refresh
 * token presented again within a few seconds of its rotation gets the same successor, so both tabs stay
 * signed in with one working cookie; a replay after that window is a stolen token and ends the session.
 * For staff (`user/refresh-token`, cookie `refreshToken`) and shoppers (`customer/refresh-token`).
 */
const t = useTestApp();
afterEach(() => {
  t.config.clock = systemClock;
});

interface Kind {
  name: string;
  cookie: string;
  path: string;
  logout: string;
  /** A new session: its refresh cookie, and a call its access tokens may make. */
  signIn(): Promise<{ cookie: string; works(token: string): Promise<number> }>;
}

const kinds: Kind[] = [
  {
    name: 'staff',
    cookie: 'refreshToken',
    path: '/v1/user/refresh-token',
    logout: '/v1/user/logout',
    async signIn() {
      const login = await t.login(ownerUsername, ownerPassword);
      const cookie = login.cookies.find((c) => c.name === 'refreshToken')!.value;
      const roleId = String(login.body.roleId);
      return {
        cookie,
        works: async (token) => (await t.call('GET', '/v1/role-permission/permission', { token, query: { roleId } })).status,
      };
    },
  },
  {
    name: 'a shopper',
    cookie: customerCookie,
    path: '/v1/customer/refresh-token',
    logout: '/v1/customer/logout',
    async signIn() {
      const shopper = await register(t, 'replay');
      return { cookie: shopper.refresh, works: async (token) => (await t.call('GET', '/v1/customer/profile', { token })).status };
    },
  },
];

const at = (base: number, seconds: number) => {
  t.config.clock = fixedClock(new Date(base + seconds * 1000));
};

describe.each(kinds)('refresh of $name', (kind) => {
  const refresh = (cookie: string) => t.call('GET', kind.path, { cookies: { [kind.cookie]: cookie } });
  const newCookie = (answer: Answer) => answer.cookies.find((c) => c.name === kind.cookie)?.value;

  test('two refreshes at once with the same cookie both answer a working token and the same new cookie, which works on', async () => {
    const session = await kind.signIn();
    const [a, b] = await Promise.all([refresh(session.cookie), refresh(session.cookie)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const next = newCookie(a)!;
    expect(next).toBeTruthy();
    expect(next).not.toBe(session.cookie);
    expect(newCookie(b)).toBe(next);
    expect(await session.works(a.body.token)).toBe(200);
    expect(await session.works(b.body.token)).toBe(200);
    // the cookie both tabs now hold goes on rotating
    const later = await refresh(next);
    expect(later.status).toBe(200);
    expect(await session.works(later.body.token)).toBe(200);
    expect(newCookie(later)).not.toBe(next);
  });

  test('a replay within the grace window gets the same successor; after it, the replay ends the whole session', async () => {
    const base = Date.now();
    at(base, 0);
    const session = await kind.signIn();
    const first = await refresh(session.cookie);
    const next = newCookie(first)!;

    at(base, 9);
    const inTime = await refresh(session.cookie);
    expect(inTime.status).toBe(200);
    expect(newCookie(inTime)).toBe(next);

    at(base, 11);
    const late = await refresh(session.cookie);
    expect(late.status).toBe(401);
    expect(late.body.error).toMatch(/ended/);
    expect(newCookie(late)).toBe('');
    // the successor went with the family
    expect((await refresh(next)).status).toBe(401);
  });

  test('a replay within the window after logout is refused: the ended session gives no successor', async () => {
    const session = await kind.signIn();
    const first = await refresh(session.cookie);
    const next = newCookie(first)!;
    const out = await t.call('POST', kind.logout, { token: first.body.token, body: {}, cookies: { [kind.cookie]: next } });
    expect(out.status).toBe(200);
    const replay = await refresh(session.cookie);
    expect(replay.status).toBe(401);
    expect(newCookie(replay)).toBe('');
  });
});

test("a shopper's cookie offered to the staff route (or a staff cookie to the shoppers') is refused and still works where it belongs", async () => {
  const shopper = await register(t, 'crossed');
  const owner = await t.login(ownerUsername, ownerPassword);
  const staffCookie = owner.cookies.find((c) => c.name === 'refreshToken')!.value;
  expect((await t.call('GET', '/v1/user/refresh-token', { cookies: { refreshToken: shopper.refresh } })).status).toBe(401);
  expect((await t.call('GET', '/v1/customer/refresh-token', { cookies: { [customerCookie]: staffCookie } })).status).toBe(401);
  // neither was spent by the wrong route: each is good for its first rotation, not a replay
  t.config.clock = fixedClock(new Date(Date.now() + 60_000));
  expect((await t.call('GET', '/v1/customer/refresh-token', { cookies: { [customerCookie]: shopper.refresh } })).status).toBe(200);
  expect((await t.call('GET', '/v1/user/refresh-token', { cookies: { refreshToken: staffCookie } })).status).toBe(200);
});
