import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { goodPassword } from './customer-fixtures.ts';
import { useTestApp } from './harness.ts';
import { makeSettings, readMessage, startSmtp, type TestSmtp, until } from './smtp-fixture.ts';

/**
 * The shopper's mails reach a real SMTP server: the welcome mail of a customer staff create and the
 * password-recovery mail, each framed with the shop's name, in HTML with a plain-text part; the link in
 * the recovery mail sets a new password.
 */
const t = useTestApp();
let owner: string;
let smtp: TestSmtp;

beforeAll(async () => {
  owner = await t.ownerToken();
  smtp = await startSmtp();
  await makeSettings(t, owner, smtp.port);
});
afterAll(async () => {
  await smtp?.close();
});

const receivedBy = (address: string, subject: RegExp) =>
  until(t, async () => smtp.received.find((m) => m.recipients.includes(address) && subject.test(readMessage(m.raw).headers.subject ?? '')));
const partOf = (raw: string, type: string) =>
  readMessage(raw)
    .parts.find((p) => p.headers['content-type']?.startsWith(type))
    ?.body.toString('utf8') ?? '';

describe('mails to shoppers, received', () => {
  test('the welcome mail of a staff-made customer, then the recovery mail whose link sets a password', async () => {
    const created = await t.call('POST', '/v1/customer', { token: owner, body: { username: 'Ada', email: 'ada@example.com' } });
    expect(created.body.message).toBe('Register Successfully Done and Sent Email');
    const welcome = await receivedBy('ada@example.com', /^Welcome to /);
    const shop = (await t.call('GET', '/v1/setting', { token: owner })).body.companyName as string;
    expect(readMessage(welcome.raw).headers.subject).toBe(`Welcome to ${shop}`);
    expect(partOf(welcome.raw, 'text/html')).toContain(shop);
    expect(partOf(welcome.raw, 'text/plain')).toContain('Forgot password');

    const asked = await t.call('POST', '/v1/customer/request-forgot-password', { body: { email: 'ada@example.com' } });
    expect(asked.body.message).toBe('Check your email for next step');
    const reset = await receivedBy('ada@example.com', /^Reset your password/);
    const text = partOf(reset.raw, 'text/plain');
    expect(partOf(reset.raw, 'text/html')).toContain(shop);
    const link = /\/reset-password\?token=([^\s]+)/.exec(text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    const done = await t.call('PATCH', '/v1/customer/forgot-password', { body: { token, password: goodPassword } });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your password recovered, please login');
    const login = await t.call('POST', '/v1/customer/login', { body: { email: 'ada@example.com', password: goodPassword } });
    expect(login.status).toBe(200);
  });
});
