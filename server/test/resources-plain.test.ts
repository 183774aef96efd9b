import { inSentence, labelOf, resources, statementRowLimit } from '@tillbook/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import {
  echoes,
  historyPaths,
  knownReferenceFields,
  listKeys,
  makeReferences,
  type References,
  referenceFields,
  requiredFields,
  resourceKeys,
  sample,
} from './resources-samples.ts';

/**
 * Table-driven over every plain resource contract: what the factory promises for each of them.
 * Access (401/403) is in resources-access.test.ts; the special routes in resources-special.test.ts.
 */
const t = useTestApp();
let owner: string;
let refs: References;

beforeAll(async () => {
  owner = await t.ownerToken();
  refs = await makeReferences(t, owner);
});

/** What a resource's single record adds to the record: a supplier's statement, empty for a new one. */
const statementKeys: Partial<Record<string, Record<string, unknown>>> = {
  // a courier's single record lists its web orders (spec: Courier by order)
  courierMedium: { cartOrder: [], rowLimit: 200 },
  supplier: {
    totalAmount: 0,
    totalPaidAmount: 0,
    totalReturnAmount: 0,
    instantPaidReturnAmount: 0,
    dueAmount: 0,
    totalPurchaseInvoice: 0,
    totalReturnPurchaseInvoice: 0,
    purchaseInvoice: [],
    returnPurchaseInvoice: [],
    allTransaction: [],
    rowLimit: statementRowLimit,
    truncated: 'false',
  },
};

test('every reference field of the contracts has a sample row', () => {
  for (const key of resourceKeys) {
    for (const field of referenceFields(resources[key])) expect(knownReferenceFields, `${key}.${field}`).toContain(field);
  }
});

// designation and salary history write through their own use case (a change closes the running period):
// staff-history.test.ts holds their create, update, delete and periods
describe.each(resourceKeys.filter((key) => !historyPaths.includes(resources[key].path)))('%s', (key) => {
  const contract = resources[key];
  const url = `/v1/${contract.path}`;
  const keys = listKeys(contract);
  const post = (body: unknown) => t.call('POST', url, { token: owner, body });
  const listAll = async (query: Record<string, string> = {}) => {
    const answer = await t.call('GET', url, { token: owner, query: { count: '1000', ...query } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Record<string, unknown>;
  };
  const ids = (body: Record<string, unknown>) => (body[keys.rows] as { id: number }[]).map((r) => r.id);

  test('create 201, get, list keys and total', async () => {
    const input = sample(contract, 1, refs);
    const created = await post(input);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(echoes(created.body, input), JSON.stringify(created.body)).toBe(true);
    expect(created.body).toMatchObject({ id: expect.any(Number), status: 'true', createdAt: expect.any(String) });

    const single = await t.call('GET', `${url}/${created.body.id}`, { token: owner });
    expect(single.status).toBe(200);
    // a supplier's single record is its statement too (purchasing: supplier-statement.test.ts)
    expect(single.body).toEqual({ ...created.body, ...(statementKeys[key] ?? {}) });

    const list = await listAll();
    expect(Object.keys(list).sort()).toEqual([keys.rows, keys.total].sort());
    expect(ids(list)).toContain(created.body.id);
    expect(list[keys.total]).toBe(ids(list).length);
  });

  test('update with PUT changes the sent fields and keeps the others', async () => {
    const created = (await post(sample(contract, 2, refs))).body;
    const changed = sample(contract, 3, refs);
    const put = await t.call('PUT', `${url}/${created.id}`, { token: owner, body: changed });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(echoes(put.body, changed)).toBe(true);

    const title = sample(contract, 4, refs)[contract.titleField];
    const partial = await t.call('PUT', `${url}/${created.id}`, { token: owner, body: { [contract.titleField]: title } });
    expect(partial.status).toBe(200);
    expect(echoes(partial.body, { ...changed, [contract.titleField]: title })).toBe(true);

    const empty = await t.call('PUT', `${url}/${created.id}`, { token: owner, body: {} });
    expect(empty.status).toBe(400);
  });

  if (contract.postUpdate)
    test('POST {id} updates as PUT does', async () => {
      const created = (await post(sample(contract, 5, refs))).body;
      const changed = sample(contract, 6, refs);
      const answer = await t.call('POST', `${url}/${created.id}`, { token: owner, body: changed });
      expect(answer.status).toBe(200);
      expect(echoes(answer.body, changed)).toBe(true);
      expect((await t.call('POST', `${url}/999999`, { token: owner, body: changed })).status).toBe(404);
    });

  if ((contract.unique ?? []).length > 0)
    test('duplicates are refused with 409 naming the field, in any letter case', async () => {
      const first = (await post(sample(contract, 10, refs))).body;
      const other = (await post(sample(contract, 11, refs))).body;
      for (const [index, rule] of (contract.unique ?? []).entries()) {
        const names = typeof rule === 'string' ? [rule] : [...rule];
        const copied = Object.fromEntries(names.map((n) => [n, typeof first[n] === 'string' ? first[n].toUpperCase() : first[n]]));
        const field = names.at(-1)!;

        const answer = await post({ ...sample(contract, 20 + index, refs), ...copied });
        expect(answer.status, `${names}: ${JSON.stringify(answer.body)}`).toBe(409);
        expect(answer.body).toMatchObject({ code: 'conflict', fields: { [field]: expect.any(String) } });

        const put = await t.call('PUT', `${url}/${other.id}`, { token: owner, body: copied });
        expect(put.status, `${names}: ${JSON.stringify(put.body)}`).toBe(409);
        expect(put.body.fields).toHaveProperty(field);
      }
      // a row may keep its own value (in another case) on update
      const self = typeof first[contract.titleField] === 'string' ? first[contract.titleField].toUpperCase() : first[contract.titleField];
      expect((await t.call('PUT', `${url}/${first.id}`, { token: owner, body: { [contract.titleField]: self } })).status).toBe(200);
    });

  test('a missing or malformed required field is a 400 naming it', async () => {
    const input = sample(contract, 30, refs);
    for (const field of requiredFields(contract)) {
      const { [field]: _, ...rest } = input;
      const answer = await post(rest);
      expect(answer.status, field).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_failed', fields: { [field]: expect.any(String) } });
      const malformed = await post({ ...input, [field]: field.endsWith('Id') ? 'abc' : { nested: true } });
      expect(malformed.status, field).toBe(400);
      expect(malformed.body.fields).toHaveProperty(field);
    }
    expect((await post('not an object')).status).toBe(400);
  });

  if (referenceFields(contract).length > 0)
    test('a reference to a missing row is a 400 naming the field', async () => {
      for (const field of referenceFields(contract)) {
        const answer = await post({ ...sample(contract, 40, refs), [field]: 999_999 });
        expect(answer.status, `${field}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body).toMatchObject({ code: 'validation_failed', fields: { [field]: 'does not exist' } });
        const huge = await post({ ...sample(contract, 41, refs), [field]: 99_999_999_999 });
        expect(huge.status, field).toBe(400);
        expect(huge.body.fields).toHaveProperty(field);
        const created = (await post(sample(contract, 42 + referenceFields(contract).indexOf(field), refs))).body;
        const put = await t.call('PUT', `${url}/${created.id}`, { token: owner, body: { [field]: 999_999 } });
        expect(put.status, field).toBe(400);
        expect(put.body.fields).toEqual({ [field]: 'does not exist' });
      }
    });

  if ((contract.periods ?? []).length > 0)
    test('a period may not end before it starts', async () => {
      for (const [start, end] of contract.periods ?? []) {
        const answer = await post({ ...sample(contract, 45, refs), [start]: '2024-05-02', [end]: '2024-05-01' });
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body.fields).toEqual({ [end]: `must not be before the ${inSentence(labelOf(start, contract.labels))}` });
        expect(answer.body.error).toBe(
          `${labelOf(end, contract.labels)} must not be before the ${inSentence(labelOf(start, contract.labels))}`,
        );
        const sameDay = await post({ ...sample(contract, 46, refs), [start]: '2024-05-02', [end]: '2024-05-02' });
        expect(sameDay.status).toBe(201);
        // an open end, where the end may be left out (a coupon's may not)
        const openEnded = await post({ ...sample(contract, 47, refs), [start]: '2024-05-02', [end]: null });
        const created = openEnded.status === 201 ? openEnded.body : sameDay.body;
        const put = await t.call('PUT', `${url}/${created.id}`, { token: owner, body: { [end]: '2024-04-30' } });
        expect(put.status).toBe(400);
        expect(put.body.fields).toHaveProperty(end);
      }
    });

  test('an unknown id is a 404 and a malformed id a 400', async () => {
    const body = sample(contract, 50, refs);
    const change = contract.deletion === 'soft' ? { method: 'PATCH', body: { status: 'false' } } : { method: 'DELETE', body: undefined };
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', body],
      [change.method, change.body],
    ] as const) {
      const missing = await t.call(method, `${url}/999999`, { token: owner, body: payload });
      expect(missing.status, `${method} 999999`).toBe(404);
      expect(missing.body.code).toBe('not_found');
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
        const answer = await t.call(method, `${url}/${bad}`, { token: owner, body: payload });
        expect(answer.status, `${method} ${bad}`).toBe(400);
        expect(answer.body.fields).toHaveProperty('id');
      }
    }
  });

  if (contract.deletion === 'soft') {
    test('soft deletion: hide, the default list leaves it out, status=false shows it, reactivate', async () => {
      const created = (await post(sample(contract, 60, refs))).body;
      const hide = await t.call('PATCH', `${url}/${created.id}`, { token: owner, body: { status: 'false' } });
      expect(hide.status).toBe(200);
      expect(hide.body).toMatchObject({ id: created.id, status: 'false' });
      expect(ids(await listAll())).not.toContain(created.id);
      expect(ids(await listAll({ query: 'all' }))).not.toContain(created.id);
      expect(ids(await listAll({ status: 'false' }))).toContain(created.id);
      expect(ids(await listAll({ status: 'true,false' }))).toContain(created.id);
      expect((await t.call('GET', `${url}/${created.id}`, { token: owner })).body.status).toBe('false');

      const show = await t.call('PATCH', `${url}/${created.id}`, { token: owner, body: { status: 'true' } });
      expect(show.body.status).toBe('true');
      expect(ids(await listAll())).toContain(created.id);
      expect(ids(await listAll({ status: 'false' }))).not.toContain(created.id);

      for (const status of ['maybe', true, undefined]) {
        const bad = await t.call('PATCH', `${url}/${created.id}`, { token: owner, body: { status } });
        expect(bad.status).toBe(400);
        expect(bad.body.fields).toHaveProperty('status');
      }
      expect((await t.call('DELETE', `${url}/${created.id}`, { token: owner })).status).toBe(404);
    });
  } else {
    test('hard deletion: DELETE removes the row, then 404', async () => {
      const created = (await post(sample(contract, 70, refs))).body;
      const gone = await t.call('DELETE', `${url}/${created.id}`, { token: owner });
      expect(gone.status).toBe(200);
      expect(gone.body.id).toBe(created.id);
      expect((await t.call('GET', `${url}/${created.id}`, { token: owner })).status).toBe(404);
      expect((await t.call('DELETE', `${url}/${created.id}`, { token: owner })).status).toBe(404);
      expect(ids(await listAll({ status: 'true,false' }))).not.toContain(created.id);
      expect((await t.call('PATCH', `${url}/${created.id}`, { token: owner, body: { status: 'false' } })).status).toBe(404);
    });
  }
});
