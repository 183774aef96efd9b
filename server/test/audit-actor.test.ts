import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { register, type Shopper } from './customer-fixtures.ts';
import { type Answer, useTestApp } from './harness.ts';
import { sendForm } from './product-fixtures.ts';
import { paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/**
 * Every way a request writes names its caller in the audit log (issue 34), now that the caller travels with the
 * request's database handle (`req.db`) rather than in the event loop's context: a document made safe to retry, a
 * change with its files, a staff record's period, a lead, a new user, a shopper's own profile. One case per path
 * of the code that opens a request's transaction.
 */
const t = useTestApp();
let owner: string;
let ownerId: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ownerId = (await t.call('GET', '/v1/user', { token: owner, query: { query: 'search', key: 'owner' } })).body.getAllUser?.[0]?.id;
});

const lastLogged = async () => Number((await rows(t, sql`select coalesce(max(id), 0)::int as n from audit_log`))[0].n);

const created = (answer: Answer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer;
};

interface Case {
  name: string;
  /** The audited record the write changes. */
  entity: string;
  /** What the write needs, made before it (its own rows are not the case's). */
  before?: () => Promise<Shopper>;
  /** Makes the write; answers who made it. */
  write: (made?: Shopper) => Promise<{ type: 'user' | 'customer'; id: number }>;
}

const cases: Case[] = [
  {
    name: 'a sale (a document made safe to retry, sent with an Idempotency-Key)',
    entity: 'saleInvoice',
    write: async () => {
      const { cash } = await paymentMethods(t, owner);
      const product = await referenceProduct(t, 5);
      created(
        await t.call('POST', '/v1/sale-invoice', {
          token: owner,
          headers: { 'idempotency-key': `audit-actor-${Date.now()}` },
          body: { saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 13.2 }] },
        }),
      );
      return { type: 'user', id: ownerId };
    },
  },
  {
    name: 'the settings (a change with its files)',
    entity: 'setting',
    write: async () => {
      created(await t.call('POST', '/v1/setting', { token: owner, body: { companyName: `Actor shop ${Date.now()}` } }));
      return { type: 'user', id: ownerId };
    },
  },
  {
    name: "a staff member's designation period",
    entity: 'designationHistory',
    write: async () => {
      const designation = created(await t.call('POST', '/v1/designation', { token: owner, body: { name: `Actor ${Date.now()}` } }));
      created(
        await t.call('POST', '/v1/designation-history', {
          token: owner,
          body: { userId: ownerId, designationId: designation.body.id, startDate: '2026-03-01' },
        }),
      );
      return { type: 'user', id: ownerId };
    },
  },
  {
    name: 'a lead',
    entity: 'lead',
    write: async () => {
      const source = created(await t.call('POST', '/v1/lead-source', { token: owner, body: { name: `Actor source ${Date.now()}` } }));
      created(
        await t.call('POST', '/v1/api/leads', {
          token: owner,
          body: { name: 'Ada Actor', leadSourceId: source.body.id, leadOwnerId: ownerId },
        }),
      );
      return { type: 'user', id: ownerId };
    },
  },
  {
    name: 'a new staff user',
    entity: 'user',
    write: async () => {
      const roles = (await t.call('GET', '/v1/role', { token: owner, query: { query: 'all' } })).body.getAllRole as {
        id: number;
        name: string;
      }[];
      const staffRole = roles.find((r) => r.name !== 'customer')!;
      created(
        await t.call('POST', '/v1/user/register', {
          token: owner,
          body: { firstName: 'Act', lastName: 'Or', username: `actor-${Date.now()}`, password: 'actor-pass-12345', roleId: staffRole.id },
        }),
      );
      return { type: 'user', id: ownerId };
    },
  },
  {
    name: "a shopper's own profile",
    entity: 'customer',
    // signing up is the system's (nobody is signed in yet): the shopper's change after it is theirs
    before: () => register(t, 'actor'),
    write: async (shopper) => {
      if (!shopper) throw new Error('the shopper is made first');
      created(await sendForm(t, shopper.token, 'POST', `/v1/customer/${shopper.id}`, { phone: '0123 456 789' }));
      return { type: 'customer', id: shopper.id };
    },
  },
];

test.each(cases)('$name names its caller and its request', async ({ entity, before, write }) => {
  const made = await before?.();
  const since = await lastLogged();
  const who = await write(made);
  const logged = await rows(
    t,
    sql`select actor_type, actor_id, request_id from audit_log where id > ${since} and entity = ${entity} order by id`,
  );
  expect(logged.length).toBeGreaterThan(0);
  expect(logged.map((r) => [r.actor_type, r.actor_id])).toEqual(logged.map(() => [who.type, who.id]));
  for (const r of logged) expect(r.request_id).toEqual(expect.any(String));
});

test('a change nobody asked for (a job, a seed) is the system’s', async () => {
  const since = await lastLogged();
  await t.database.db.execute(sql`update users set first_name = first_name || ' (job)' where id = ${ownerId}`);
  const logged = await rows(t, sql`select actor_type, actor_id, request_id from audit_log where id > ${since}`);
  expect(logged.map((r) => [r.actor_type, r.actor_id, r.request_id])).toEqual([['system', null, null]]);
});
