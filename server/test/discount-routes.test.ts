import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
beforeAll(async () => {
  owner = await t.ownerToken();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let n = 0;
const sample = (over: Record<string, unknown> = {}) => ({
  name: `Summer ${n++}`,
  type: 'percentage',
  value: 10,
  startDate: day(-1),
  endDate: day(5),
  ...over,
});
const post = (body: unknown, token = owner, url = '/v1/discount') => t.call('POST', url, { token, body });
const list = async (query: Record<string, string>) => {
  const answer = await t.call('GET', '/v1/discount', { token: owner, query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { getAllDiscount: { id: number; name: string }[]; totalDiscount: number };
};

describe('discount', () => {
  test('create 201, get, list with keys, update with PUT, hide and show', async () => {
    const created = await post(sample({ name: 'Opening week', type: 'flat', value: 2.5 }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(Number), name: 'Opening week', type: 'flat', value: 2.5, status: 'true' });
    const id = created.body.id;
    expect((await t.call('GET', `/v1/discount/${id}`, { token: owner })).body).toEqual(created.body);

    const page = await list({ page: '1', count: '10', status: 'true' });
    expect(Object.keys(page).sort()).toEqual(['getAllDiscount', 'totalDiscount']);
    expect(page.getAllDiscount.map((d) => d.id)).toContain(id);
    expect((await list({ query: 'all' })).getAllDiscount.map((d) => d.id)).toContain(id);

    const put = await t.call('PUT', `/v1/discount/${id}`, { token: owner, body: { value: 3, name: 'Opening fortnight' } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Opening fortnight', value: 3, type: 'flat', startDate: created.body.startDate });

    expect((await t.call('PATCH', `/v1/discount/${id}`, { token: owner, body: { status: 'false' } })).body.status).toBe('false');
    expect((await list({ query: 'all' })).getAllDiscount.map((d) => d.id)).not.toContain(id);
    expect((await list({ status: 'false' })).getAllDiscount.map((d) => d.id)).toContain(id);
    expect((await t.call('PATCH', `/v1/discount/${id}`, { token: owner, body: { status: 'true' } })).body.status).toBe('true');
  });

  test('the window: end before start is a 400 naming endDate, on create and on update; one day is fine', async () => {
    const bad = await post(sample({ startDate: '2025-03-02', endDate: '2025-03-01' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', fields: { endDate: expect.any(String) } });
    const one = await post(sample({ startDate: '2025-03-02', endDate: '2025-03-02' }));
    expect(one.status).toBe(201);
    const put = await t.call('PUT', `/v1/discount/${one.body.id}`, { token: owner, body: { startDate: '2025-03-03' } });
    expect(put.status).toBe(400);
    expect(put.body.fields).toHaveProperty('endDate');
  });

  test.each([
    [{ value: -1 }, 'value'],
    [{ value: 100.5 }, 'value'],
    [{ value: 'ten' }, 'value'],
    [{ type: 'flashSale' }, 'type'],
    [{ name: 'x'.repeat(81) }, 'name'],
    [{ startDate: '2025-02-30' }, 'startDate'],
    [{ endDate: undefined }, 'endDate'],
  ])('%o is a 400 naming %s', async (change, field) => {
    const answer = await post(sample(change));
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.fields).toHaveProperty(field);
  });

  test('a percentage is at most 100, a flat amount may be more; the check holds on update', async () => {
    expect((await post(sample({ value: 100 }))).status).toBe(201);
    const flat = await post(sample({ type: 'flat', value: 150 }));
    expect(flat.status).toBe(201);
    const toPercent = await t.call('PUT', `/v1/discount/${flat.body.id}`, { token: owner, body: { type: 'percentage' } });
    expect(toPercent.status).toBe(400);
    expect(toPercent.body.fields).toHaveProperty('value');
  });

  test('the name is unique in any letter case: 409 naming name', async () => {
    const first = await post(sample({ name: 'Black Friday' }));
    expect(first.status).toBe(201);
    const again = await post(sample({ name: 'BLACK FRIDAY' }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict', fields: { name: expect.any(String) } });
    const other = await post(sample());
    expect((await t.call('PUT', `/v1/discount/${other.body.id}`, { token: owner, body: { name: 'black friday' } })).status).toBe(409);
  });

  test("the older system's payload (no name, value as text) is named from its type and value, uniquely", async () => {
    const legacy = { type: 'percentage', value: '10', startDate: '2027-06-01', endDate: '2027-06-30' };
    const first = await post(legacy);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ name: '10% off', type: 'percentage', value: 10, startDate: '2027-06-01', endDate: '2027-06-30' });
    // the made-up name is taken: the dates tell the second apart, then a number
    expect((await post(legacy)).body.name).toBe('10% off, 2027-06-01 to 2027-06-30');
    expect((await post(legacy)).body.name).toBe('10% off, 2027-06-01 to 2027-06-30 (2)');
    expect((await post({ ...legacy, name: '   ' })).body.name).toBe('10% off, 2027-06-01 to 2027-06-30 (3)');
    expect((await post({ ...legacy, name: null, type: 'flat', value: '2.5' })).body.name).toBe('2.50 off');
    expect((await post({ ...legacy, value: 12.5 })).body.name).toBe('12.50% off');
    // a name the user typed that another discount holds is still refused
    const typed = await post({ ...legacy, name: '10% OFF' });
    expect(typed.status).toBe(409);
    expect(typed.body.fields).toHaveProperty('name');
    // the rules still hold without a name
    expect((await post({ ...legacy, value: '101' })).body.fields).toHaveProperty('value');
  });

  test('an update keeps the name unless it is sent blank; blank names it from the record; createmany names each', async () => {
    const created = await post(sample({ name: 'Spring', type: 'flat', value: 3, startDate: '2027-04-01', endDate: '2027-04-30' }));
    const id = created.body.id;
    const kept = await t.call('PUT', `/v1/discount/${id}`, { token: owner, body: { value: '4' } });
    expect(kept.body).toMatchObject({ name: 'Spring', value: 4 });
    const renamed = await t.call('PUT', `/v1/discount/${id}`, { token: owner, body: { name: '', value: 7.25 } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: '7.25 off', value: 7.25 });
    // naming it blank again keeps its own name: it does not clash with itself
    expect((await t.call('PUT', `/v1/discount/${id}`, { token: owner, body: { name: null } })).body.name).toBe('7.25 off');
    const batch = await post(
      [
        { type: 'percentage', value: 35, startDate: '2027-05-01', endDate: '2027-05-31' },
        { type: 'percentage', value: '35', startDate: '2027-05-01', endDate: '2027-05-31' },
      ],
      owner,
      '/v1/discount?query=createmany',
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    expect(batch.body.getAllDiscount.map((d: { name: string }) => d.name)).toEqual(['35% off', '35% off, 2027-05-01 to 2027-05-31']);
  });

  test('active=true lists those whose window holds today; active=false the others', async () => {
    const now = (await post(sample({ startDate: day(0), endDate: day(0) }))).body.id;
    const past = (await post(sample({ startDate: '2020-01-01', endDate: '2020-01-31' }))).body.id;
    const future = (await post(sample({ startDate: day(30), endDate: day(40) }))).body.id;
    const active = (await list({ active: 'true', count: '1000' })).getAllDiscount.map((d) => d.id);
    expect(active).toContain(now);
    expect(active).not.toContain(past);
    expect(active).not.toContain(future);
    const inactive = (await list({ active: 'false', count: '1000' })).getAllDiscount.map((d) => d.id);
    expect(inactive).toEqual(expect.arrayContaining([past, future]));
    expect(inactive).not.toContain(now);
    const bad = await t.call('GET', '/v1/discount', { token: owner, query: { active: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('active');
  });

  test('createmany adds all or none', async () => {
    const ok = await post([sample(), sample({ type: 'flat', value: 1 })], owner, '/v1/discount?query=createmany');
    expect(ok.status).toBe(201);
    expect(ok.body.count).toBe(2);
    const bad = await post([sample({ name: 'Batch keep?' }), sample({ value: 101 })], owner, '/v1/discount?query=createmany');
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('1.value');
    expect((await list({ key: 'Batch keep?' })).totalDiscount).toBe(0);
  });

  test('404 for an unknown id, 400 for a malformed one, 400 for a malformed list query', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { value: 1 }],
      ['PATCH', { status: 'false' }],
    ] as const) {
      expect((await t.call(method, '/v1/discount/999999', { token: owner, body })).status, method).toBe(404);
      expect((await t.call(method, '/v1/discount/abc', { token: owner, body })).status, method).toBe(400);
    }
    expect((await t.call('GET', '/v1/discount', { token: owner, query: { page: 'x' } })).status).toBe(400);
    expect((await t.call('PATCH', '/v1/discount/1', { token: owner, body: { status: 'maybe' } })).status).toBe(400);
  });

  test('401 without a token, 403 for a customer and for staff without the permission', async () => {
    const customer = (await t.customerToken()).token;
    const reader = (await t.staffWith(['readAll-discount'])).token;
    expect((await t.call('GET', '/v1/discount', { query: { query: 'all' } })).status).toBe(401);
    expect((await t.call('GET', '/v1/discount', { token: customer, query: { query: 'all' } })).status).toBe(403);
    expect((await t.call('GET', '/v1/discount', { token: reader, query: { query: 'all' } })).status).toBe(200);
    expect((await post(sample(), reader)).status).toBe(403);
    expect((await t.call('PATCH', '/v1/discount/1', { token: reader, body: { status: 'false' } })).status).toBe(403);
  });
});
