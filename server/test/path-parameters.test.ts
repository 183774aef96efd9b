import { beforeAll, describe, expect, test } from 'vitest';
import type { RouteDef } from '../src/platform/route.ts';
import { useTestApp } from './harness.ts';

/**
 * Generated from the route table: a control character in any path parameter of any route is a 400
 * naming the parameter (platform/route.ts, run for every route), never a 500 with a logged stack.
 */
const t = useTestApp();
let routes: RouteDef[];
let owner: string;
let customer: string;

beforeAll(async () => {
  routes = t.app.routeTable.filter((r) => r.url.includes(':'));
  owner = await t.ownerToken();
  customer = (await t.customerToken()).token;
});

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
/** The route's URL with `name` set to `value` and every other parameter to a plain one. */
const urlWith = (route: RouteDef, name: string, value: string) =>
  `/v1${route.url.replace(/:(\w+)/g, (_, other: string) => (other === name ? value : other === 'id' || other.endsWith('Id') ? '1' : 'x'))}`;
const tokenFor = (route: RouteDef) => (route.access === 'public' ? undefined : route.access === 'customer' ? customer : owner);
const label = (r: RouteDef, name: string) => `${r.method} ${r.url} :${name}`;

describe('control characters in path parameters', () => {
  test('the route table has routes with parameters of both kinds (ids and text)', () => {
    const names = new Set(routes.flatMap((r) => paramsOf(r.url)));
    expect(routes.length).toBeGreaterThan(50);
    expect(names).toContain('id');
    expect([...names].some((n) => n !== 'id' && !n.endsWith('Id'))).toBe(true);
  });

  test('a NUL in any parameter of any route is a 400 naming the parameter', async () => {
    const refusals: string[] = [];
    for (const route of routes) {
      for (const name of paramsOf(route.url)) {
        const answer = await t.call(route.method, urlWith(route, name, 'a%00b'), {
          token: tokenFor(route),
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        if (answer.status !== 400 || !answer.body.fields?.[name])
          refusals.push(`${label(route, name)}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
    expect(refusals).toEqual([]);
  });

  test('GET coupon/valid/{code}: a NUL, a line break, an escape or DEL anywhere in the code is a 400 naming the code', async () => {
    for (const code of ['%00', 'SAVE%0010', '%0A', 'SAVE%1B', 'SAVE%7F', '%09']) {
      const answer = await t.call('GET', `/v1/coupon/valid/${code}`);
      expect(answer.status, code).toBe(400);
      expect(answer.body, code).toEqual({
        error: 'Code must not contain control characters',
        code: 'validation_failed',
        fields: { code: 'must not contain control characters' },
      });
    }
    // a plain unknown code is still told it is unknown
    expect((await t.call('GET', '/v1/coupon/valid/NO-SUCH-CODE')).status).toBe(404);
  });
});
