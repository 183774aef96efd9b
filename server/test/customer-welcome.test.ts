import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';

/** Staff-created customers get a welcome mail in the outbox, written with the customer; it holds no password. */
const t = useTestApp({ invariants: true });
let owner: string;

beforeAll(async () => {
  owner = await t.ownerToken();
});

const create = (body: unknown) => t.call('POST', '/v1/customer', { token: owner, body });
const welcomeMails = () => rows(t, sql`select "to", subject, html, text, attachments from outbox where kind = 'welcome' order by id`);

describe('welcome mail', () => {
  test('a customer with an e-mail gets one welcome mail; without e-mail, none', async () => {
    const [shop] = await rows(t, sql`select company_name from app_setting order by id limit 1`);
    const created = await create({ username: 'Grace Hopper', email: 'grace@example.com' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Register Successfully Done and Sent Email');
    const mails = await welcomeMails();
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['grace@example.com']);
    expect(mails[0].subject).toBe(`Welcome to ${shop.company_name}`);
    // it tells how to set a password, and carries none
    expect(mails[0].text).toContain('Forgot password');
    expect(mails[0].text).toContain('grace@example.com');
    expect(`${mails[0].html} ${mails[0].text}`).not.toMatch(/password\s*:/i);
    const [stored] = await rows(t, sql`select password from customer where id = ${created.body.id}`);
    expect(stored.password).toBeNull();

    const silent = await create({ username: 'No Mail' });
    expect(silent.status).toBe(201);
    expect(silent.body.message).toBe('Register Successfully Done');
    expect(await welcomeMails()).toHaveLength(1);
  });

  test('a refused create leaves no mail', async () => {
    const before = (await welcomeMails()).length;
    const first = await create({ username: 'Katherine', email: 'kj@example.com' });
    expect(first.status).toBe(201);
    // same e-mail in other case: refused, and its mail with it
    const twin = await create({ username: 'Katherine 2', email: 'KJ@example.com' });
    expect(twin.status).toBe(409);
    const noName = await create({ email: 'nameless@example.com' });
    expect(noName.status).toBe(400);
    const mails = await welcomeMails();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1).to).toEqual(['kj@example.com']);
  });
});
