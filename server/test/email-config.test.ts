import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { acceptedText, freePort, makeSettings, startSmtp, type TestSmtp } from './smtp-fixture.ts';

/** E-mail settings: kept by name, the password never answered, and a test send that reports the server's reply. */
const t = useTestApp();
const password = 'Pa55-word-never-answered';
let owner: string;
let smtp: TestSmtp;
/** Every answer of this file, swept for the password at the end. */
const answers: unknown[] = [];

beforeAll(async () => {
  owner = await t.ownerToken();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

const call = async (method: string, url: string, body?: unknown, token = owner) => {
  const answer = await t.call(method, url, { token, body });
  answers.push(answer.body);
  return answer;
};

describe('settings', () => {
  test('create, list and change: the password is kept for sending but answered only as passwordSet', async () => {
    const created = await call('POST', '/v1/email-config', {
      emailConfigName: 'Main',
      emailHost: '127.0.0.1',
      emailPort: smtp.port,
      emailUser: 'shop-user',
      emailPass: password,
      emailEncryption: 'none',
      fromName: 'Corner Shop',
      fromAddress: 'Shop@Example.com',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      emailConfigName: 'Main',
      emailHost: '127.0.0.1',
      emailPort: smtp.port,
      emailUser: 'shop-user',
      emailEncryption: 'none',
      fromName: 'Corner Shop',
      fromAddress: 'shop@example.com',
      passwordSet: 'true',
      status: 'true',
    });
    expect(created.body).not.toHaveProperty('emailPass');
    const id = created.body.id as number;

    const list = await call('GET', '/v1/email-config');
    expect(list.status).toBe(200);
    const listed = list.body.getAllEmailConfig.find((c: { id: number }) => c.id === id);
    expect(listed).toMatchObject({ emailConfigName: 'Main', passwordSet: 'true' });
    expect(listed).not.toHaveProperty('emailPass');

    // a PUT without emailPass keeps the stored one: the test mail still logs in with it
    const renamed = await call('PUT', `/v1/email-config/${id}`, {
      emailConfigName: 'Main shop',
      emailHost: '127.0.0.1',
      emailPort: smtp.port,
      emailUser: 'shop-user',
      emailEncryption: 'none',
      fromAddress: 'shop@example.com',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ emailConfigName: 'Main shop', passwordSet: 'true', fromName: null });
    const before = smtp.received.length;
    const tested = await call('POST', `/v1/email-config/${id}/test`, { to: 'owner@example.com' });
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    expect(tested.body.ok).toBe('true');
    expect(smtp.received).toHaveLength(before + 1);
    expect(smtp.received.at(-1)).toMatchObject({ user: 'shop-user', password, recipients: ['owner@example.com'] });

    // a blank password keeps it too; null removes it
    const blank = await call('PUT', `/v1/email-config/${id}`, { ...renamed.body, emailPass: '', passwordSet: undefined });
    expect(blank.status, JSON.stringify(blank.body)).toBe(200);
    expect(blank.body.passwordSet).toBe('true');
    const cleared = await call('PUT', `/v1/email-config/${id}`, {
      emailConfigName: 'Main shop',
      emailHost: '127.0.0.1',
      emailPort: smtp.port,
      emailEncryption: 'none',
      fromAddress: 'shop@example.com',
      emailPass: null,
    });
    expect(cleared.body.passwordSet).toBe('false');
    expect(cleared.body.emailUser).toBeNull();
  });

  test('wrong input names its field; a second settings row with the same name is refused', async () => {
    const wrongPort = await call('POST', '/v1/email-config', {
      emailConfigName: 'Port',
      emailHost: 'mail.example.com',
      emailPort: 70000,
      fromAddress: 'shop@example.com',
    });
    expect(wrongPort.status).toBe(400);
    expect(wrongPort.body.fields).toHaveProperty('emailPort');
    const wrongEncryption = await call('POST', '/v1/email-config', {
      emailConfigName: 'Enc',
      emailHost: 'mail.example.com',
      emailPort: 587,
      emailEncryption: 'SSL',
      fromAddress: 'shop@example.com',
    });
    expect(wrongEncryption.status).toBe(400);
    expect(wrongEncryption.body.fields).toHaveProperty('emailEncryption');
    const first = await makeSettings(t, owner, smtp.port, { emailConfigName: 'Twice' });
    expect(first.id).toBeGreaterThan(0);
    const twice = await call('POST', '/v1/email-config', {
      emailConfigName: 'Twice',
      emailHost: 'mail.example.com',
      emailPort: 25,
      fromAddress: 'shop@example.com',
    });
    expect(twice.status).toBe(409);
    const missing = await call('PUT', '/v1/email-config/999999', {
      emailConfigName: 'None',
      emailHost: 'mail.example.com',
      emailPort: 25,
      fromAddress: 'shop@example.com',
    });
    expect(missing.status).toBe(404);
  });
});

describe('the test action', () => {
  test("answers the SMTP server's own reply, and the mail does not go through the outbox", async () => {
    const settings = await makeSettings(t, owner, smtp.port);
    const outboxBefore = (await call('GET', '/v1/outbox')).body.totalOutbox;
    const before = smtp.received.length;
    const answer = await call('POST', `/v1/email-config/${settings.id}/test`, { to: 'someone@example.com' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.ok).toBe('true');
    // the server's reply to the message: 250 and the text the test server gives
    expect(answer.body.serverAnswer).toMatch(/^250\b/);
    expect(answer.body.serverAnswer).toContain(acceptedText);
    expect(smtp.received).toHaveLength(before + 1);
    const message = smtp.received.at(-1)!;
    expect(message.recipients).toEqual(['someone@example.com']);
    expect(message.from).toBe('shop@example.com');
    expect(message.raw).toMatch(/^Subject: Test mail: /m);
    expect((await call('GET', '/v1/outbox')).body.totalOutbox).toBe(outboxBefore);
  });

  test('reports a refused connection plainly', async () => {
    const port = await freePort();
    const settings = await makeSettings(t, owner, port);
    const answer = await call('POST', `/v1/email-config/${settings.id}/test`, { to: 'someone@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.body.ok).toBe('false');
    expect(answer.body.serverAnswer).toBe(`The mail server at 127.0.0.1:${port} refused the connection (nothing is listening there)`);
  });

  test('an unknown settings row is a 404; a wrong address a 400', async () => {
    expect((await call('POST', '/v1/email-config/999999/test', { to: 'a@example.com' })).status).toBe(404);
    const settings = await makeSettings(t, owner, smtp.port);
    const wrong = await call('POST', `/v1/email-config/${settings.id}/test`, { to: 'not an address' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty('to');
  });
});

describe('permissions', () => {
  test('each action needs its emailConfig permission', async () => {
    const settings = await makeSettings(t, owner, smtp.port);
    const body = { emailConfigName: 'X', emailHost: 'h.example.com', emailPort: 25, fromAddress: 'a@example.com' };
    const none = await t.staffWith(['readAll-email']);
    expect((await call('GET', '/v1/email-config', undefined, none.token)).status).toBe(403);
    expect((await call('POST', '/v1/email-config', body, none.token)).status).toBe(403);
    expect((await call('PUT', `/v1/email-config/${settings.id}`, body, none.token)).status).toBe(403);
    expect((await call('POST', `/v1/email-config/${settings.id}/test`, { to: 'a@example.com' }, none.token)).status).toBe(403);

    const reader = await t.staffWith(['readAll-emailConfig']);
    expect((await call('GET', '/v1/email-config', undefined, reader.token)).status).toBe(200);
    expect((await call('POST', '/v1/email-config', body, reader.token)).status).toBe(403);
    const editor = await t.staffWith(['update-emailConfig']);
    expect(
      (
        await call(
          'PUT',
          `/v1/email-config/${settings.id}`,
          { ...body, emailPort: smtp.port, emailHost: '127.0.0.1', emailEncryption: 'none' },
          editor.token,
        )
      ).status,
    ).toBe(200);
    const customer = await t.customerToken();
    expect((await call('GET', '/v1/email-config', undefined, customer.token)).status).toBe(403);
  });
});

test('no answer of this file holds the password', () => {
  expect(answers.length).toBeGreaterThan(10);
  expect(JSON.stringify(answers)).not.toContain(password);
});
