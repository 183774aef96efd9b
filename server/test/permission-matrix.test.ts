import { beforeAll, describe, expect, test } from 'vitest';
import type { RouteDef } from '../src/platform/route.ts';
import { useTestApp } from './harness.ts';

/**
 * Generated from the route table: every route that is not public refuses an anonymous call (401),
 * a customer token on a staff route (403), and a staff role without the route's permission (403);
 * and the route's own permission is enough to get past the guard.
 */
const t = useTestApp();
let routes: RouteDef[];
let customer: string;
let bare: string;

beforeAll(async () => {
  routes = t.app.routeTable;
  customer = (await t.customerToken()).token;
  bare = (await t.staffWith([])).token;
});

const concrete = (url: string) => `/v1${url.replace(/:id\b/g, '999999').replace(/:(\w+)/g, 'x')}`;
const call = (route: RouteDef, token?: string) =>
  t.call(route.method, concrete(route.url), { token, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
const label = (r: RouteDef) => `${r.method} ${r.url} (${r.access})`;

describe('permission matrix', () => {
  test('the route table is not empty and every route declares access', () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) expect(route.access, label(route)).toBeTruthy();
  });

  test('anonymous calls are refused with 401 on every non-public route', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const answer = await call(route);
      expect(answer.status, label(route)).toBe(401);
      expect(answer.body.code, label(route)).toBe('unauthenticated');
    }
  });

  test('a customer token never passes a staff route', async () => {
    // routes that also answer a customer their own records (customers: 'own') are held by shop-ownership.test.ts
    for (const route of routes.filter((r) => r.access !== 'public' && r.access !== 'customer' && r.customers !== 'own')) {
      expect((await call(route, customer)).status, label(route)).toBe(403);
    }
  });

  test('a staff role without the permission is refused with 403', async () => {
    for (const route of routes.filter((r) => r.access.includes('-'))) {
      const answer = await call(route, bare);
      expect(answer.status, label(route)).toBe(403);
      expect(answer.body.code, label(route)).toBe('forbidden');
    }
  });

  test("the route's own permission gets past the guard", async () => {
    const owner = await t.ownerToken();
    const all = await t.call('GET', '/v1/permission', { token: owner, query: { query: 'all' } });
    const idOf = new Map((all.body.getAllPermission as { id: number; name: string }[]).map((p) => [p.name, p.id]));
    const byPermission = new Map<string, RouteDef[]>();
    for (const route of routes.filter((r) => r.access.includes('-'))) {
      byPermission.set(route.access, [...(byPermission.get(route.access) ?? []), route]);
    }
    // A few staff members, each in a role of their own whose set the owner replaces by one permission at a time
    // (the guard reads a role's grants anew after each change): two argon2 hashes per member instead of per
    // permission, which made this the slowest server test (~25 s of 30 on each database).
    const members = await Promise.all([1, 2, 3, 4].map(() => t.staffWith([])));
    const check = async (member: { token: string; roleId: number }, [permission, group]: [string, RouteDef[]]) => {
      const id = idOf.get(permission);
      expect(id, `permission ${permission}`).toBeDefined();
      const set = await t.call('POST', '/v1/role-permission', { token: owner, body: { roleId: member.roleId, permissionId: [id] } });
      expect(set.body.permissions, permission).toEqual([permission]);
      for (const route of group) {
        const status = (await call(route, member.token)).status;
        expect([401, 403], `${label(route)} answered ${status}`).not.toContain(status);
      }
    };
    const pending = [...byPermission];
    await Promise.all(
      members.map(async (member) => {
        for (let next = pending.shift(); next; next = pending.shift()) await check(member, next);
      }),
    );
  }, 180_000);
});
