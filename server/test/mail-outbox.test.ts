import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { enqueueMail, Mailer, shopMail } from '../src/modules/mail/index.ts';
import { appSetting } from '../src/schema/index.ts';
import { useTestApp } from './harness.ts';
import { form } from './product-fixtures.ts';
import { acceptedText, freePort, makeSettings, readMessage, startSmtp, type TestSmtp, until } from './smtp-fixture.ts';

/**
 * The outbox: a mail is queued in its cause's transaction and sent by the worker over a real SMTP server;
 * a server that is down leaves the mail queued with its error until it comes back, and then it goes once.
 */
const t = useTestApp({ env: { MAIL_RETRY_MS: '100', MAIL_MAX_ATTEMPTS: '100', MAIL_POLL_MS: '200' } });
let owner: string;
let smtp: TestSmtp;
let up: { id: number; emailConfigName: string };

beforeAll(async () => {
  owner = await t.ownerToken();
  smtp = await startSmtp();
  up = await makeSettings(t, owner, smtp.port);
});
afterAll(async () => {
  await smtp?.close();
});

const outboxRow = async (id: number) => {
  const list = await t.call('GET', '/v1/outbox', { token: owner, query: { query: 'all' } });
  return list.body.getAllOutbox.find((m: { id: number }) => m.id === id);
};

async function sendFreeForm(
  fields: Record<string, string>,
  files: { field: string; data: Buffer; name: string; type: string }[],
  configName: string,
  token = owner,
) {
  const { body, headers } = await form(fields, files);
  return t.call('POST', '/v1/email', { token, body, headers, query: { emailConfigName: configName } });
}

test('a free-form mail with an attachment reaches to, cc and bcc with its subject, both parts and the bytes', async () => {
  const attachment = Buffer.from([0, 1, 2, 250, 251, 252, 10, 13, 0x25, 0x50, 0x44, 0x46]);
  const before = smtp.received.length;
  const answer = await sendFreeForm(
    {
      receiverEmail: 'ann@example.com, bob@example.com',
      cc: 'carol@example.com',
      bcc: 'dan@example.com',
      subject: 'Your order – ready',
      body: '<p>Hello Ann,</p><p>Your order is <b>ready</b> at the counter.</p>',
    },
    [{ field: 'attachment', data: attachment, name: 'order.pdf', type: 'application/pdf' }],
    up.emailConfigName,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body.message).toContain('ann@example.com');
  const id = answer.body.id as number;

  const sent = await until(t, async () => {
    const row = await outboxRow(id);
    return row?.state === 'sent' ? row : undefined;
  });
  expect(sent).toMatchObject({
    kind: 'freeForm',
    subject: 'Your order – ready',
    to: ['ann@example.com', 'bob@example.com'],
    attempts: 1,
    lastError: null,
    attachmentCount: 1,
  });
  expect(sent.serverAnswer).toContain(acceptedText);
  expect(sent.sentAt).not.toBeNull();
  expect(sent).not.toHaveProperty('html');
  expect(sent).not.toHaveProperty('attachments');

  expect(smtp.received).toHaveLength(before + 1);
  const message = smtp.received.at(-1)!;
  // the envelope holds every recipient; the headers show to and cc but never bcc
  expect(message.recipients.sort()).toEqual(['ann@example.com', 'bob@example.com', 'carol@example.com', 'dan@example.com']);
  const { headers, parts } = readMessage(message.raw);
  expect(headers.to).toBe('ann@example.com, bob@example.com');
  expect(headers.cc).toBe('carol@example.com');
  expect(headers).not.toHaveProperty('bcc');
  expect(headers.from).toBe('Corner Shop <shop@example.com>');
  expect(message.raw).not.toContain('dan@example.com');
  // the subject is encoded (it holds a dash that is not ASCII): decode the encoded word
  const subject = /=\?UTF-8\?Q\?(.+)\?=/i.exec(headers.subject!)?.[1];
  expect(
    subject
      ? Buffer.from(
          subject.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8')
      : headers.subject,
  ).toBe('Your order – ready');

  const html = parts.find((p) => p.headers['content-type']?.startsWith('text/html'));
  const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'));
  const file = parts.find((p) => /attachment/.test(p.headers['content-disposition'] ?? ''));
  expect(html?.body.toString('utf8')).toContain('<p>Your order is <b>ready</b> at the counter.</p>');
  // the plain-text twin: the same words without tags, in the shop's frame
  expect(text?.body.toString('utf8').replace(/\r\n/g, '\n')).toContain('Hello Ann,\n\nYour order is ready at the counter.');
  expect(file?.headers['content-type']).toMatch(/^application\/pdf/);
  expect(file?.headers['content-disposition']).toContain('order.pdf');
  expect(file?.body.equals(attachment)).toBe(true);
});

test('wrong recipients or an unknown settings name are refused before anything is queued', async () => {
  const total = (await t.call('GET', '/v1/outbox', { token: owner })).body.totalOutbox;
  const wrong = await sendFreeForm({ receiverEmail: 'ann@example.com, nobody', subject: 'S', body: '<p>x</p>' }, [], up.emailConfigName);
  expect(wrong.status).toBe(400);
  expect(wrong.body.fields).toHaveProperty('receiverEmail');
  const noSubject = await sendFreeForm({ receiverEmail: 'ann@example.com', body: '<p>x</p>' }, [], up.emailConfigName);
  expect(noSubject.status).toBe(400);
  expect(noSubject.body.fields).toHaveProperty('subject');
  const unknown = await sendFreeForm({ receiverEmail: 'ann@example.com', subject: 'S', body: '<p>x</p>' }, [], 'no such settings');
  expect(unknown.status).toBe(400);
  expect(unknown.body.fields).toHaveProperty('emailConfigName');
  const strayFile = await sendFreeForm(
    { receiverEmail: 'ann@example.com', subject: 'S', body: '<p>x</p>' },
    [{ field: 'file', data: Buffer.from('x'), name: 'x.txt', type: 'text/plain' }],
    up.emailConfigName,
  );
  expect(strayFile.status).toBe(400);
  expect((await t.call('GET', '/v1/outbox', { token: owner })).body.totalOutbox).toBe(total);
});

test('SMTP down: the mail is queued, keeps its tries and error, and goes exactly once when the server is back', async () => {
  const port = await freePort();
  const down = await makeSettings(t, owner, port);
  const answer = await sendFreeForm(
    { receiverEmail: 'eve@example.com', subject: 'While down', body: '<p>Later</p>' },
    [],
    down.emailConfigName,
  );
  // the business action succeeds although nothing can be sent
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const id = answer.body.id as number;

  // tries every 100 ms × 2^(tries − 1): after two failed tries the mail is still queued, with the reason
  const waiting = await until(t, async () => {
    const row = await outboxRow(id);
    return row?.attempts >= 2 ? row : undefined;
  });
  expect(waiting.state).toBe('queued');
  expect(waiting.lastError).toBe(`The mail server at 127.0.0.1:${port} refused the connection (nothing is listening there)`);
  expect(waiting.sentAt).toBeNull();

  const later = await startSmtp({ port });
  try {
    const sent = await until(t, async () => {
      const row = await outboxRow(id);
      return row?.state === 'sent' ? row : undefined;
    });
    expect(sent.lastError).toBeNull();
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    // more rounds of the worker send nothing more
    await new Mailer(t.database.db, t.config).runOnce();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(later.received).toHaveLength(1);
    expect(later.received[0]!.recipients).toEqual(['eve@example.com']);
    expect(later.received[0]!.raw).toContain('Subject: While down');
  } finally {
    await later.close();
  }
});

describe('with the app worker paused', () => {
  beforeAll(async () => {
    await t.app.mailer.stop();
  });
  afterAll(() => {
    t.app.mailer.start();
  });

  test('two workers racing never send one mail twice', async () => {
    const slow = await startSmtp({ delayMs: 20 });
    try {
      const settings = await makeSettings(t, owner, slow.port);
      // 24 mails queued at once, in one transaction
      const subjects = Array.from({ length: 24 }, (_, i) => `Race ${i + 1}`);
      await t.database.db.transaction(async (tx) => {
        for (const subject of subjects) {
          await enqueueMail(tx, {
            kind: 'freeForm',
            to: ['race@example.com'],
            subject,
            html: '<p>r</p>',
            text: 'r',
            emailConfigName: settings.emailConfigName,
          });
        }
      });
      const a = new Mailer(t.database.db, t.config);
      const b = new Mailer(t.database.db, t.config);
      const [triedA, triedB] = await Promise.all([a.runOnce(), b.runOnce()]);
      expect(triedA + triedB).toBe(24);
      const received = slow.received.map((m) => /^Subject: (.+)$/m.exec(m.raw)?.[1]).sort();
      expect(received).toEqual([...subjects].sort());
    } finally {
      await slow.close();
    }
  });

  test('a failed mail is tried again on retry; retry of a queued or sent mail is a 409', async () => {
    const port = await freePort();
    const down = await makeSettings(t, owner, port);
    const id = await t.database.db.transaction((tx) =>
      enqueueMail(tx, {
        kind: 'freeForm',
        to: ['fay@example.com'],
        subject: 'Retry me',
        html: '<p>r</p>',
        text: 'r',
        emailConfigName: down.emailConfigName,
      }),
    );
    const queued = await t.call('POST', `/v1/outbox/${id}/retry`, { token: owner });
    expect(queued.status).toBe(409);
    expect(queued.body.fields).toHaveProperty('state');

    // a worker that allows one try: the refused connection makes the mail failed at once
    const oneTry = new Mailer(t.database.db, { mail: { pollMs: 1000, maxAttempts: 1, retryBaseMs: 0 } });
    await oneTry.runOnce();
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed.lastError).toContain('refused the connection');
    const onlyFailed = await t.call('GET', '/v1/outbox', { token: owner, query: { state: 'failed' } });
    expect(onlyFailed.body.getAllOutbox.map((m: { id: number }) => m.id)).toEqual([id]);
    expect(onlyFailed.body.totalOutbox).toBe(1);

    const back = await startSmtp({ port });
    try {
      const retried = await t.call('POST', `/v1/outbox/${id}/retry`, { token: owner });
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.body).toMatchObject({ id, state: 'queued', attempts: 1 });
      expect(await oneTry.runOnce()).toBe(1);
      expect(await outboxRow(id)).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
      expect(back.received).toHaveLength(1);
      expect((await t.call('POST', `/v1/outbox/${id}/retry`, { token: owner })).status).toBe(409);
      expect((await t.call('POST', '/v1/outbox/999999/retry', { token: owner })).status).toBe(404);
    } finally {
      await back.close();
    }
  });
});

test('the outbox list: newest first, paged, filtered by state, without bodies', async () => {
  const page = await t.call('GET', '/v1/outbox', { token: owner, query: { count: '2', page: '1' } });
  expect(page.status).toBe(200);
  expect(page.body.getAllOutbox).toHaveLength(2);
  const all = await t.call('GET', '/v1/outbox', { token: owner, query: { query: 'all' } });
  expect(page.body.totalOutbox).toBe(all.body.getAllOutbox.length);
  const ids = all.body.getAllOutbox.map((m: { id: number }) => m.id);
  // made one after another, so newest first is highest id first
  expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
  expect(page.body.getAllOutbox.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 2));
  for (const mail of all.body.getAllOutbox) {
    expect(Object.keys(mail)).not.toContain('html');
    expect(Object.keys(mail)).not.toContain('text');
  }
  const sent = await t.call('GET', '/v1/outbox', { token: owner, query: { state: 'sent', query: 'all' } });
  expect(sent.body.getAllOutbox.every((m: { state: string }) => m.state === 'sent')).toBe(true);
  expect((await t.call('GET', '/v1/outbox', { token: owner, query: { state: 'lost' } })).status).toBe(400);
});

test('mail and outbox need create-email, readAll-email and update-email', async () => {
  const reader = await t.staffWith(['readAll-email']);
  expect((await t.call('GET', '/v1/outbox', { token: reader.token })).status).toBe(200);
  expect((await t.call('POST', '/v1/outbox/1/retry', { token: reader.token })).status).toBe(403);
  const mailForm = { receiverEmail: 'a@example.com', subject: 'S', body: '<p>x</p>' };
  expect((await sendFreeForm(mailForm, [], up.emailConfigName, reader.token)).status).toBe(403);
  const writer = await t.staffWith(['create-email']);
  expect((await t.call('GET', '/v1/outbox', { token: writer.token })).status).toBe(403);
  expect((await sendFreeForm(mailForm, [], up.emailConfigName, writer.token)).status).toBe(201);
  const customer = await t.customerToken();
  expect((await t.call('GET', '/v1/outbox', { token: customer.token })).status).toBe(403);
});

test("shopMail frames a mail with the shop's name and, given the public address, its logo", async () => {
  const logo = '0123abcd-0123-4567-89ab-0123456789ab.png';
  await t.database.db.update(appSetting).set({ companyName: 'Corner & Co', logo });
  const framed = await shopMail(
    t.database.db,
    { heading: 'Hello <you>', html: '<p>Thanks</p>', text: 'Thanks' },
    { publicUrl: 'https://shop.example.com/' },
  );
  expect(framed.html).toContain(`<img src="https://shop.example.com/v1/uploads/${logo}"`);
  // the name and heading are text: escaped in the HTML, as they are in the plain twin
  expect(framed.html).toContain('Corner &amp; Co');
  expect(framed.html).toContain('Hello &lt;you&gt;');
  expect(framed.html).toContain('<p>Thanks</p>');
  expect(framed.text.split('\n').slice(0, 5)).toEqual(['Corner & Co', '', 'Hello <you>', '===========', '']);
  expect(framed.text).toContain('Thanks');
  // without a public address there is no absolute link to the logo, so none is shown
  const plain = await shopMail(t.database.db, { html: '<p>Thanks</p>', text: 'Thanks' });
  expect(plain.html).not.toContain('<img');
  expect(plain.html).toContain('Corner &amp; Co');
});
