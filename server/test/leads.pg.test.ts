import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fresh, makeLead, staffMember } from './crm-fixtures.ts';
import { useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';

/** A lead converted twice at once (PostgreSQL, a pool of connections): one customer. */
const t = useTestApp();
let owner: string;
let ownerId: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  ownerId = (await staffMember(t)).userId;
});

const customersWith = async (email: string) =>
  (await rows(t, sql`select count(*)::int as n from customer where lower(email) = ${email.toLowerCase()}`))[0]!.n as number;

describe('converting at once', () => {
  test('the same lead converted six times at once makes one customer, and every answer names it', async () => {
    const email = `${fresh('twice')}@example.com`;
    const lead = await makeLead(t, owner, { email, leadOwnerId: ownerId });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.call('POST', `/v1/api/leads/${lead.id}/convert`, { token: owner })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.customer.id)).size).toBe(1);
    expect(await customersWith(email)).toBe(1);
  });

  test('two leads with one e-mail in different case cannot both exist; a lead and a staff-made customer racing make one customer', async () => {
    const email = `${fresh('pair')}@example.com`;
    const lead = await makeLead(t, owner, { email, leadOwnerId: ownerId });
    const [converted, made] = await Promise.all([
      t.call('POST', `/v1/api/leads/${lead.id}/convert`, { token: owner }),
      t.call('POST', '/v1/customer', { token: owner, body: { username: 'Racer', email: email.toUpperCase() } }),
    ]);
    expect(converted.status).toBe(200);
    expect([201, 409]).toContain(made.status);
    expect(await customersWith(email)).toBe(1);
  });
});
