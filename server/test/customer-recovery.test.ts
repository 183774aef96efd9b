import { customerMessages } from '@tillbook/contract';
import { desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { fixedClock, systemClock } from '../src/platform/clock.ts';
import { hashToken } from '../src/platform/tokens.ts';
import { customer, outbox, passwordResetToken } from '../src/schema/index.ts';
import { customerCookie, goodPassword, register, secretKeysIn } from './customer-fixtures.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp({ env: { PUBLIC_URL: 'https://shop.example.test/' } });
afterEach(() => {
  t.config.clock = systemClock;
});

const ask = (email: string) => t.call('POST', '/v1/customer/request-forgot-password', { body: { email } });
const recover = (token: string, password: string) => t.call('PATCH', '/v1/customer/forgot-password', { body: { token, password } });
const mailsTo = (email: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.kind, 'passwordReset'))
    .orderBy(desc(outbox.id))
    .then((rows) => rows.filter((r) => r.to.includes(email)));

/** The token of the newest reset link mailed to `email`, read from the outbox row as the shopper reads the mail. */
async function linkToken(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const match = /https:\/\/shop\.example\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match, mail!.text).not.toBeNull();
  expect(mail!.html).toContain(`https://shop.example.test/reset-password?token=${match![1]}`);
  return match![1]!;
}

describe('asking for a reset link', () => {
  test('answers the same for a known and an unknown e-mail; only the known one gets a mail', async () => {
    const me = await register(t);
    const known = await ask(me.email.toUpperCase());
    const unknown = await ask('nobody-here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: customerMessages.forgotRequested });
    expect(await mailsTo('nobody-here@example.com')).toEqual([]);

    const [mail] = await mailsTo(me.email);
    expect(mail).toMatchObject({ kind: 'passwordReset', state: 'queued', to: [me.email] });
    expect(mail!.subject).toMatch(/reset your password/i);
    expect(mail!.text).toMatch(/2 hours/);
    // the database holds the token's SHA-256 only, valid for 2 hours
    const token = await linkToken(me.email);
    const [stored] = await t.database.db.select().from(passwordResetToken).where(eq(passwordResetToken.customerId, me.id));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.tokenHash).not.toContain(token);
    const hours = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(2, 1);
  });

  test('a hidden customer gets no mail, but the same answer', async () => {
    const me = await register(t);
    await t.database.db.update(customer).set({ status: false }).where(eq(customer.id, me.id));
    const answer = await ask(me.email);
    expect(answer.body).toEqual({ message: customerMessages.forgotRequested });
    expect(await mailsTo(me.email)).toEqual([]);
  });

  test('at most 5 links an hour go to one customer; asking more answers the same without a mail', async () => {
    const me = await register(t);
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await ask(me.email));
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body]))).size).toBe(1);
    expect(await mailsTo(me.email)).toHaveLength(5);
  });

  test('100 simultaneous requests for one e-mail queue at most 5 mails, and all answer the same', async () => {
    const me = await register(t);
    const answers = await Promise.all(Array.from({ length: 100 }, () => ask(me.email)));
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body])))).toEqual(
      new Set([JSON.stringify([200, { message: customerMessages.forgotRequested }])]),
    );
    expect(await mailsTo(me.email)).toHaveLength(5);
    expect(await t.database.db.select().from(passwordResetToken).where(eq(passwordResetToken.customerId, me.id))).toHaveLength(5);
  });

  test('a malformed e-mail is a 400 naming email', async () => {
    const answer = await ask('not-an-email');
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty('email');
  });
});

describe('using the link', () => {
  test('the mailed token sets the password once, ends every session, and cannot be used again', async () => {
    const me = await register(t);
    await ask(me.email);
    const token = await linkToken(me.email);
    const weak = await recover(token, 'weak');
    expect(weak.status).toBe(400);
    expect(weak.body.fields).toHaveProperty('password');

    const done = await recover(token, 'Found-Pass3');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: customerMessages.passwordRecovered });
    expect((await t.call('POST', '/v1/customer/login', { body: { email: me.email, password: goodPassword } })).status).toBe(401);
    expect((await t.call('POST', '/v1/customer/login', { body: { email: me.email, password: 'Found-Pass3' } })).status).toBe(200);
    // the session from sign-up is over
    expect((await t.call('GET', '/v1/customer/refresh-token', { cookies: { [customerCookie]: me.refresh } })).status).toBe(401);

    const again = await recover(token, 'Other-Pass4');
    expect(again.status).toBe(400);
    expect(again.body.fields.token).toMatch(/already been used/);
    expect((await t.call('POST', '/v1/customer/login', { body: { email: me.email, password: 'Found-Pass3' } })).status).toBe(200);
  });

  test('an unknown token is a 400 naming token', async () => {
    const answer = await recover('made-up-token', 'Some-Pass5');
    expect(answer.status).toBe(400);
    expect(answer.body.fields.token).toMatch(/not a valid link/);
  });

  test('a link works until 2 hours after it was asked for, not after (fixed clock)', async () => {
    const me = await register(t);
    const askedAt = new Date('2030-03-01T10:00:00Z');
    t.config.clock = fixedClock(askedAt);
    await ask(me.email);
    const first = await linkToken(me.email);
    // 1 h 59 min later it still works
    t.config.clock = fixedClock(new Date(askedAt.getTime() + 119 * 60_000));
    expect((await recover(first, 'Early-Pass6')).status).toBe(200);

    t.config.clock = fixedClock(askedAt);
    await ask(me.email);
    const second = await linkToken(me.email);
    expect(second).not.toBe(first);
    // exactly 2 hours later it no longer does, and the password stays
    t.config.clock = fixedClock(new Date(askedAt.getTime() + 2 * 3_600_000));
    const late = await recover(second, 'Late-Pass7');
    expect(late.status).toBe(400);
    expect(late.body.fields.token).toMatch(/expired/);
    t.config.clock = systemClock;
    expect((await t.call('POST', '/v1/customer/login', { body: { email: me.email, password: 'Early-Pass6' } })).status).toBe(200);
  });

  test('a newer link used first spends the older one too', async () => {
    const me = await register(t);
    await ask(me.email);
    const older = await linkToken(me.email);
    await ask(me.email);
    const newer = await linkToken(me.email);
    expect((await recover(newer, 'Newer-Pass8')).status).toBe(200);
    expect((await recover(older, 'Older-Pass8')).status).toBe(400);
  });

  test('no answer of the flow holds a password, a hash or the reset token', async () => {
    const me = await register(t);
    const answers = [await ask(me.email)];
    const token = await linkToken(me.email);
    answers.push(await recover(token, 'Sweep-Pass9'), await recover(token, 'Sweep-Pass9'), await recover('nope', 'Sweep-Pass9'));
    for (const answer of answers) {
      expect(secretKeysIn(answer.body)).toEqual([]);
      expect(JSON.stringify(answer.body)).not.toContain(token);
      expect(JSON.stringify(answer.body)).not.toContain(hashToken(token));
    }
  });
});
