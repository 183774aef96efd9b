import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fresh, makeLead, staffMember } from './crm-fixtures.ts';
import { useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';

/** Issue 22 point 4: leads (reference 2.10) with their owner, source, status and value; search, filters; converting to a customer. */
const t = useTestApp();
let owner: string;
let ownerA: number;
let ownerB: number;
let walkIn: number;
let website: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ownerA = (await staffMember(t)).userId;
  ownerB = (await staffMember(t)).userId;
  const source = async (name: string) => {
    const made = await t.call('POST', '/v1/lead-source', { token: owner, body: { name } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.id as number;
  };
  walkIn = await source(fresh('Walk-in'));
  website = await source(fresh('Website'));
});

describe('a lead', () => {
  test('is made with its owner, source, status, value and notes, and read back with its appointments', async () => {
    const made = await t.call('POST', '/v1/api/leads', {
      token: owner,
      body: {
        name: 'Grace Hopper',
        email: 'Grace.Hopper@Example.com',
        phone: '+44 20 7946 0001',
        leadSourceId: walkIn,
        leadOwnerId: ownerA,
        leadValue: 1250.5,
        notes: 'Wants a fitting\nafter work',
      },
    });
    expect(made.status).toBe(201);
    const lead = made.body.data;
    expect(lead).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
      leadStatus: 'new',
      leadValue: 1250.5,
      isConverted: 'false',
      customerId: null,
      status: 'true',
      leadSource: { id: walkIn },
      leadOwner: { id: ownerA },
    });
    const page = await t.call('GET', `/v1/api/leads/${lead.id}`, { token: owner });
    expect(page.status).toBe(200);
    expect(page.body.singleLead).toMatchObject({ id: lead.id, name: 'Grace Hopper', appointments: [] });
  });

  test('is refused without a name, with an owner who is not active staff, a source that does not exist, a negative value', async () => {
    const missing = await t.call('POST', '/v1/api/leads', { token: owner, body: { leadOwnerId: ownerA } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields.name).toBe('is required');
    expect(missing.body.error).toBe('Name is required');

    const hidden = await staffMember(t);
    await t.call('PATCH', `/v1/user/${hidden.userId}`, { token: owner, body: { status: 'false' } });
    const inactive = await t.call('POST', '/v1/api/leads', { token: owner, body: { name: 'X', leadOwnerId: hidden.userId } });
    expect(inactive.status).toBe(400);
    expect(inactive.body.error).toBe('Owner must be an active staff member');

    const noSource = await t.call('POST', '/v1/api/leads', {
      token: owner,
      body: { name: 'X', leadOwnerId: ownerA, leadSourceId: 999999 },
    });
    expect(noSource.status).toBe(400);
    expect(noSource.body.fields).toEqual({ leadSourceId: 'does not exist' });

    const negative = await t.call('POST', '/v1/api/leads', { token: owner, body: { name: 'X', leadOwnerId: ownerA, leadValue: -1 } });
    expect(negative.status).toBe(400);
    expect(negative.body.error).toBe('Value must not be negative');

    const byHand = await t.call('POST', '/v1/api/leads', {
      token: owner,
      body: { name: 'X', leadOwnerId: ownerA, leadStatus: 'customer' },
    });
    expect(byHand.status).toBe(400);
    expect(byHand.body.fields).toEqual({ leadStatus: 'becomes customer by converting the lead' });
  });

  test('keeps its e-mail to itself whatever the case: a second lead with it is a 409 naming the e-mail', async () => {
    const email = `${fresh('dup')}@example.com`;
    await makeLead(t, owner, { email, leadOwnerId: ownerA });
    const again = await t.call('POST', '/v1/api/leads', {
      token: owner,
      body: { name: 'Y', email: email.toUpperCase(), leadOwnerId: ownerA },
    });
    expect(again.status).toBe(409);
    expect(again.body.fields).toEqual({ email: 'already exists' });
  });

  test('PUT changes only the fields sent; PATCH hides and shows it', async () => {
    const lead = await makeLead(t, owner, { leadOwnerId: ownerA, notes: 'first', leadValue: 10 });
    const put = await t.call('PUT', `/v1/api/leads/${lead.id}`, { token: owner, body: { leadStatus: 'contacted', leadOwnerId: ownerB } });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Lead updated successfully');
    expect(put.body.data).toMatchObject({ leadStatus: 'contacted', leadOwnerId: ownerB, notes: 'first', leadValue: 10, name: lead.name });

    const hide = await t.call('PATCH', `/v1/api/leads/${lead.id}`, { token: owner, body: { status: 'false' } });
    expect(hide.body.data.status).toBe('false');
    const listed = await t.call('GET', '/v1/api/leads', { token: owner, query: { key: lead.name } });
    expect(listed.body.totalLead).toBe(0);
    const withHidden = await t.call('GET', '/v1/api/leads', { token: owner, query: { key: lead.name, status: 'true,false' } });
    expect(withHidden.body.totalLead).toBe(1);
    expect((await t.call('GET', '/v1/api/leads/999999', { token: owner })).status).toBe(404);
  });
});

describe('the lead list', () => {
  test('answers getAllLead and totalLead, searches name, e-mail and phone, filters by owner, source and status, pages and sorts', async () => {
    const tag = fresh('list');
    const a = await makeLead(t, owner, { name: `${tag} Ann`, leadOwnerId: ownerA, leadSourceId: walkIn, leadValue: 5 });
    const b = await makeLead(t, owner, {
      name: `${tag} Bob`,
      leadOwnerId: ownerB,
      leadSourceId: website,
      email: `${tag}@example.com`,
      leadStatus: 'qualified',
      leadValue: 50,
    });
    const c = await makeLead(t, owner, {
      name: `${tag} Cy`,
      leadOwnerId: ownerA,
      leadSourceId: website,
      phone: `07${tag.length}99`,
      leadValue: 500,
    });
    const list = async (query: Record<string, string>) => {
      const answer = await t.call('GET', '/v1/api/leads', { token: owner, query });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as { getAllLead: { id: number }[]; totalLead: number };
    };
    const ids = (answer: { getAllLead: { id: number }[] }) => answer.getAllLead.map((l) => l.id);

    expect((await list({ key: tag })).totalLead).toBe(3);
    expect(ids(await list({ key: tag, leadOwnerId: String(ownerA), sort: 'leadValue', order: 'asc' }))).toEqual([a.id, c.id]);
    expect(ids(await list({ key: tag, leadSourceId: String(website), sort: 'leadValue', order: 'desc' }))).toEqual([c.id, b.id]);
    expect(ids(await list({ key: tag, leadStatus: 'qualified' }))).toEqual([b.id]);
    expect(ids(await list({ key: tag, leadStatus: 'new,qualified', sort: 'name', order: 'asc' }))).toEqual([a.id, b.id, c.id]);
    expect(ids(await list({ query: 'search', key: `${tag}@EXAMPLE` }))).toEqual([b.id]);
    expect(ids(await list({ key: `07${tag.length}99` }))).toEqual([c.id]);
    const page2 = await list({ key: tag, sort: 'name', order: 'asc', count: '2', page: '2' });
    expect(page2.totalLead).toBe(3);
    expect(ids(page2)).toEqual([c.id]);

    const bad = await t.call('GET', '/v1/api/leads', { token: owner, query: { leadStatus: 'sold' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.leadStatus).toMatch(/must be one of new, contacted/);
  });
});

describe('converting a lead', () => {
  test('makes a customer with its name, e-mail and phone; the lead is converted, its status customer; again answers the same customer', async () => {
    const email = `${fresh('conv')}@example.com`;
    const lead = await makeLead(t, owner, { name: 'Ada Lovelace', email, phone: '555-0101', leadOwnerId: ownerA, leadStatus: 'working' });
    const first = await t.call('POST', `/v1/api/leads/${lead.id}/convert`, { token: owner });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.linked).toBe('false');
    expect(first.body.data).toMatchObject({ isConverted: 'true', leadStatus: 'customer', customerId: first.body.customer.id });
    const customer = await t.call('GET', `/v1/customer/${first.body.customer.id}`, { token: owner });
    expect(customer.body).toMatchObject({ username: 'Ada Lovelace', email, phone: '555-0101' });

    const again = await t.call('POST', `/v1/api/leads/${lead.id}/convert`, { token: owner });
    expect(again.status).toBe(200);
    expect(again.body.customer.id).toBe(first.body.customer.id);
    expect(again.body.message).toMatch(/already converted/);
    const [{ n }] = await rows(t, sql`select count(*)::int as n from customer where lower(email) = ${email}`);
    expect(n).toBe(1);

    // a converted lead stays customer
    const back = await t.call('PUT', `/v1/api/leads/${lead.id}`, { token: owner, body: { leadStatus: 'lost' } });
    expect(back.status).toBe(409);
    expect(back.body.code).toBe('invalid_transition');
  });

  test('links the customer who already has the e-mail, whatever its case', async () => {
    const email = `${fresh('known')}@example.com`;
    const existing = await t.call('POST', '/v1/customer', { token: owner, body: { username: 'Known Shopper', email } });
    expect(existing.status).toBe(201);
    const lead = await makeLead(t, owner, { name: 'Known', email: email.toUpperCase(), leadOwnerId: ownerA });
    const converted = await t.call('POST', `/v1/api/leads/${lead.id}/convert`, { token: owner });
    expect(converted.status).toBe(200);
    expect(converted.body.linked).toBe('true');
    expect(converted.body.customer.id).toBe(existing.body.id);
    expect(converted.body.data.customer).toMatchObject({ id: existing.body.id, username: 'Known Shopper' });
    const [{ n }] = await rows(t, sql`select count(*)::int as n from customer where lower(email) = ${email}`);
    expect(n).toBe(1);
  });

  test('a lead without an e-mail becomes a new customer each time it is a different lead', async () => {
    const lead = await makeLead(t, owner, { leadOwnerId: ownerA });
    const converted = await t.call('POST', `/v1/api/leads/${lead.id}/convert`, { token: owner });
    expect(converted.status).toBe(200);
    expect(converted.body.customer).toMatchObject({ username: lead.name, email: null });
  });
});

describe('lead permissions', () => {
  test('reading leads does not let one write them; lead sources are listed for who keeps leads', async () => {
    const reader = await t.staffWith(['readAll-lead', 'readSingle-lead']);
    expect((await t.call('GET', '/v1/api/leads', { token: reader.token })).status).toBe(200);
    expect((await t.call('POST', '/v1/api/leads', { token: reader.token, body: { name: 'Z', leadOwnerId: ownerA } })).status).toBe(403);
    const lead = await makeLead(t, owner, { leadOwnerId: ownerA });
    expect((await t.call('POST', `/v1/api/leads/${lead.id}/convert`, { token: reader.token })).status).toBe(403);
    expect((await t.call('PUT', `/v1/api/leads/${lead.id}`, { token: reader.token, body: { name: 'Q' } })).status).toBe(403);
    expect((await t.call('GET', '/v1/lead-source', { token: reader.token, query: { query: 'all' } })).status).toBe(200);
    expect((await t.call('POST', '/v1/lead-source', { token: reader.token, body: { name: fresh('src') } })).status).toBe(403);
    expect((await t.call('GET', '/v1/api/appointments/staff', { token: reader.token })).status).toBe(200);
    const nobody = await t.staffWith(['readAll-product']);
    expect((await t.call('GET', '/v1/api/leads', { token: nobody.token })).status).toBe(403);
    const shopper = await t.customerToken();
    expect((await t.call('GET', '/v1/api/leads', { token: shopper.token })).status).toBe(403);
  });
});
