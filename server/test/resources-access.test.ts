import { permissionName, resources } from '@tillbook/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { listKeys, makeReferences, type References, resourceKeys, sample } from './resources-samples.ts';

/**
 * Who may call the plain resources' routes: nobody without a token (401), no customer (403), and
 * staff only with the route's own permission (403 otherwise).
 */
const t = useTestApp();
let owner: string;
let refs: References;
let customer: string;
/** Holds readAll of every plain resource, and nothing else. */
let reader: string;
/** Holds every permission of the plain resources except readAll. */
let writer: string;

beforeAll(async () => {
  owner = await t.ownerToken();
  refs = await makeReferences(t, owner);
  customer = (await t.customerToken()).token;
  const entities = resourceKeys.map((key) => resources[key].entity);
  reader = (await t.staffWith(entities.map((e) => permissionName('readAll', e)))).token;
  writer = (
    await t.staffWith(entities.flatMap((e) => (['create', 'readSingle', 'update', 'delete'] as const).map((a) => permissionName(a, e))))
  ).token;
});

describe.each(resourceKeys)('%s', (key) => {
  const contract = resources[key];
  const url = `/v1/${contract.path}`;
  const calls = (id: number) => {
    const body = sample(contract, 500 + id, refs, 'Acc');
    const list: [string, string, unknown, string][] = [
      ['GET', url, undefined, 'readAll'],
      ['GET', `${url}/${id}`, undefined, 'readSingle'],
      ['POST', url, body, 'create'],
      ['PUT', `${url}/${id}`, body, 'update'],
      contract.deletion === 'soft'
        ? ['PATCH', `${url}/${id}`, { status: 'false' }, 'delete']
        : ['DELETE', `${url}/${id}`, undefined, 'delete'],
    ];
    if (contract.postUpdate) list.push(['POST', `${url}/${id}`, body, 'update']);
    if (contract.createMany) list.push(['POST', `${url}?query=createmany`, [body], 'create']);
    return list;
  };
  let rowId: number;
  beforeAll(async () => {
    const created = await t.call('POST', url, { token: owner, body: sample(contract, 400, refs, 'Acc') });
    rowId = created.body.id;
  });

  test('401 without a token, 401 with a forged one', async () => {
    for (const [method, path, body] of calls(rowId)) {
      const answer = await t.call(method, path, { body });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body.code).toBe('unauthenticated');
      expect((await t.call(method, path, { body, token: 'not.a.token' })).status, `${method} ${path}`).toBe(401);
    }
  });

  test('403 for a customer token', async () => {
    for (const [method, path, body] of calls(rowId)) {
      const answer = await t.call(method, path, { token: customer, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.code).toBe('forbidden');
    }
  });

  test('403 for staff without the permission; the permission alone is enough', async () => {
    for (const [method, path, body, action] of calls(rowId)) {
      const refused = await t.call(method, path, { token: action === 'readAll' ? writer : reader, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.code).toBe('forbidden');
    }
    const list = await t.call('GET', url, { token: reader });
    expect(list.status).toBe(200);
    expect(list.body).toHaveProperty(listKeys(contract).rows);
    const single = await t.call('GET', `${url}/${rowId}`, { token: writer });
    expect(single.status).toBe(200);
    const created = await t.call('POST', url, { token: writer, body: sample(contract, 600, refs, 'Acc') });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
});

test('only the resources with a public list answer <path>/public without a token', async () => {
  for (const key of resourceKeys) {
    const contract = resources[key];
    const answer = await t.call('GET', `/v1/${contract.path}/public`);
    expect(answer.status, contract.path).toBe(contract.publicList ? 200 : 401);
  }
});
