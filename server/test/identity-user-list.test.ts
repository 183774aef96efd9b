import { beforeAll, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
let salesman: number;
let manager: number;
const list = (query: Record<string, string>, token = owner) => t.call('GET', '/v1/user', { token, query });

beforeAll(async () => {
  owner = await t.ownerToken();
  const roles = (await t.call('GET', '/v1/role', { token: owner, query: { query: 'all' } })).body.getAllRole as {
    id: number;
    name: string;
  }[];
  salesman = roles.find((r) => r.name === 'cashier')!.id;
  manager = roles.find((r) => r.name === 'manager')!.id;
  const people = [
    ['zoe', 'Zoe', 'Quill', salesman, 'zoe@shop.test'],
    ['yann', 'Yann', 'Quill', salesman, null],
    ['xena', 'Xena', 'Marsh', manager, 'xena@shop.test'],
    ['will', 'Will', 'Marsh', manager, null],
    ['vera', 'Vera', 'Stone', manager, null],
  ] as const;
  for (const [username, firstName, lastName, roleId, email] of people) {
    const answer = await t.call('POST', '/v1/user/register', {
      token: owner,
      body: { username, firstName, lastName, roleId, email, phone: `0700-${username}`, password: 'long-enough-pw' },
    });
    if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  }
  const vera = (await list({ query: 'search', key: 'vera' })).body.getAllUser[0];
  await t.call('PATCH', `/v1/user/${vera.id}`, { token: owner, body: { status: 'false' } });
});

const names = (answer: { body: { getAllUser: { username: string }[] } }) => answer.body.getAllUser.map((u) => u.username);

test("pages active users with the spec's keys, each row with its role and no password", async () => {
  const first = await list({ page: '1', count: '2', sort: 'username', order: 'asc' });
  expect(first.status).toBe(200);
  expect(Object.keys(first.body).sort()).toEqual(['getAllUser', 'totalUser']);
  // the owner plus four active staff; vera is hidden
  expect(first.body.totalUser).toBe(5);
  expect(names(first)).toEqual(['owner', 'will']);
  expect(names(await list({ page: '3', count: '2', sort: 'username', order: 'asc' }))).toEqual(['zoe']);
  const row = first.body.getAllUser[1];
  expect(row.role).toEqual({ id: manager, name: 'manager' });
  expect(row).not.toHaveProperty('password');
  expect(row.status).toBe('true');
});

test('status filter: hidden only, or both', async () => {
  expect(names(await list({ status: 'false' }))).toEqual(['vera']);
  expect((await list({ status: 'true,false' })).body.totalUser).toBe(6);
});

test('query=all answers every active user unpaged; search looks at names, e-mail and phone', async () => {
  const all = await list({ query: 'all', count: '1' });
  expect(all.body.getAllUser).toHaveLength(5);
  expect(names(await list({ query: 'search', key: 'QUILL', sort: 'username', order: 'asc' }))).toEqual(['yann', 'zoe']);
  expect(names(await list({ query: 'search', key: 'xena@shop' }))).toEqual(['xena']);
  expect(names(await list({ query: 'search', key: '0700-will' }))).toEqual(['will']);
  expect((await list({ query: 'search', key: '100%_' })).body.totalUser).toBe(0);
});

test('roleId filter takes one id or a comma list', async () => {
  const sales = await list({ roleId: String(salesman), sort: 'firstName', order: 'asc' });
  expect([names(sales), sales.body.totalUser]).toEqual([['yann', 'zoe'], 2]);
  expect((await list({ roleId: `${salesman},${manager}` })).body.totalUser).toBe(4);
});

test('malformed filters are a 400 naming the parameter; 401 and 403 for outsiders', async () => {
  for (const [name, value] of [
    ['roleId', 'x'],
    ['sort', 'password'],
    ['count', '0'],
    ['status', 'yes'],
    ['departmentId', '1,'],
  ]) {
    const answer = await list({ [name]: value });
    expect(answer.status, name).toBe(400);
    expect(answer.body.fields, name).toHaveProperty(name!);
  }
  expect((await t.call('GET', '/v1/user')).status).toBe(401);
  expect((await list({}, (await t.staffWith(['readSingle-user'])).token)).status).toBe(403);
  expect((await list({}, (await t.customerToken()).token)).status).toBe(403);
});
