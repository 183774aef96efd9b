import { type Endpoint, endpoints, multipart, settingEndpoints } from '@tillbook/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { register } from './customer-fixtures.ts';
import { useTestApp } from './harness.ts';
import { png, sendForm } from './product-fixtures.ts';

const t = useTestApp();
let owner: string;
let productId: number;
let sliderId: number;
let shopper: { id: number; token: string };

/** Every route that takes form data: the contract's multipart endpoints, and the settings (JSON or form data). */
const formRoutes: Endpoint[] = [
  ...Object.values(endpoints)
    .flatMap((area) => Object.values(area) as Endpoint[])
    .filter((e) => e.body === multipart),
  settingEndpoints.update,
];
const label = (e: Endpoint) => `${e.method} ${e.path}`;
const url = (e: Endpoint) =>
  `/v1/${e.path.replace(':id', String(e.path.startsWith('product') ? productId : e.path.startsWith('customer') ? shopper.id : sliderId))}`;
/** The caller a form route is for: the owner, or the shopper on their own profile. */
const tokenFor = (e: Endpoint) => (e.access === 'customer' ? shopper.token : owner);

beforeAll(async () => {
  owner = await t.ownerToken();
  const product = await sendForm(t, owner, 'POST', '/v1/product', { name: 'Boundary tea', sku: 'BND-1' });
  productId = product.body.id;
  const slide = await sendForm(t, owner, 'POST', '/v1/slider-images', { linkUrl: '/catalogue' }, [{ field: 'image', data: await png() }]);
  sliderId = slide.body.id;
  shopper = await register(t);
});

describe('malformed form data is a 400, never a 500', () => {
  test('the form routes are the eleven the issues name', () => {
    expect(formRoutes.map(label).sort()).toEqual([
      'POST customer/:id',
      'POST email',
      'POST product',
      'POST product/:id',
      'POST product/import',
      'POST review-rating',
      'POST setting',
      'POST slider-images',
      'POST slider-images/:id',
      'PUT product/:id',
      'PUT slider-images/:id',
    ]);
  });

  test('multipart/form-data without a boundary (or with an empty one) is a 400 saying so, on every form route', async () => {
    for (const route of formRoutes) {
      for (const type of [
        'multipart/form-data',
        'multipart/form-data; charset=utf-8',
        'multipart/form-data; boundary=',
        'Multipart/Form-Data; boundary=""',
      ]) {
        const answer = await t.call(route.method, url(route), {
          token: tokenFor(route),
          body: 'name=Tea',
          headers: { 'content-type': type },
        });
        expect(answer.status, `${label(route)} ${type}`).toBe(400);
        expect(answer.body.code).toBe('validation_failed');
        expect(answer.body.error).toMatch(/boundary/);
      }
    }
  });

  test('form data cut off in the middle of a file is a 400, and nothing changes', async () => {
    const before = await t.call('GET', `/v1/product/${productId}`, { token: owner });
    const body = [
      '--cut',
      'content-disposition: form-data; name="name"',
      '',
      'Changed',
      '--cut',
      'content-disposition: form-data; name="image"; filename="a.png"',
      'content-type: image/png',
      '',
      'half a file',
    ].join('\r\n');
    for (const route of formRoutes) {
      const answer = await t.call(route.method, url(route), {
        token: tokenFor(route),
        body,
        headers: { 'content-type': 'multipart/form-data; boundary=cut' },
      });
      expect(answer.status, label(route)).toBe(400);
      expect(answer.body.error, label(route)).toMatch(/ended early/);
    }
    expect((await t.call('GET', `/v1/product/${productId}`, { token: owner })).body).toEqual(before.body);
  });

  test('no route of the table answers 500 to form data without a boundary', async () => {
    for (const route of t.app.routeTable.filter((r) => r.method !== 'GET')) {
      const path = `/v1${route.url.replace(/:id\b/g, '999999').replace(/:(\w+)/g, 'x')}`;
      const answer = await t.call(route.method, path, { token: owner, body: 'x', headers: { 'content-type': 'multipart/form-data' } });
      expect(answer.status, `${route.method} ${route.url}`).toBeLessThan(500);
    }
  });

  test('access is still checked first: anonymous form data without a boundary is a 401', async () => {
    for (const route of formRoutes) {
      const answer = await t.call(route.method, url(route), { body: 'x', headers: { 'content-type': 'multipart/form-data' } });
      expect(answer.status, label(route)).toBe(401);
    }
  });
});
