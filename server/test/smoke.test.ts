import { expect, test } from 'vitest';
import { ownerPassword, ownerUsername } from './constants.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

test('owner logs in and lists colours', async () => {
  const login = await t.login(ownerUsername, ownerPassword);
  expect(login.status).toBe(200);
  expect(login.body).toMatchObject({ role: 'super-admin', username: ownerUsername });
  const created = await t.call('POST', '/v1/product-color', { token: login.body.token, body: { name: 'Teal', colorCode: '#008080' } });
  expect(created.status).toBe(201);
  const list = await t.call('GET', '/v1/product-color', { token: login.body.token });
  expect(list.body).toEqual({ getAllProductColor: [expect.objectContaining({ name: 'Teal', status: 'true' })], totalProductColor: 1 });
});
