import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appointmentReminderStep } from '../src/modules/crm/index.ts';
import { Mailer } from '../src/modules/mail/index.ts';
import { fixedClock, systemClock } from '../src/platform/clock.ts';
import { booked, fresh, makeLead, patchAppointment, staffMember } from './crm-fixtures.ts';
import { useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';
import { makeSettings, readMessage, startSmtp, type TestSmtp, until } from './smtp-fixture.ts';

/**
 * The day-before reminder (issue 22 point 5): the mail worker queues it once the shop's day before has
 * begun, once per appointment (two workers at it too), and it reaches a real SMTP server.
 */
const t = useTestApp();
let owner: string;
let smtp: TestSmtp;
let staff: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  smtp = await startSmtp();
  await makeSettings(t, owner, smtp.port);
  staff = (await staffMember(t)).userId;
});
afterAll(async () => {
  t.config.clock = systemClock;
  await smtp?.close();
});

const subjectOf = (raw: string) => readMessage(raw).headers.subject ?? '';
const remindersTo = (address: string) =>
  smtp.received.filter((m) => m.recipients.includes(address) && /^Reminder: /.test(subjectOf(m.raw)));
const queuedReminders = async (address: string) =>
  (
    await rows(
      t,
      sql`select count(*)::int as n from outbox where kind = 'appointment' and subject like 'Reminder:%' and ${address} = any("to")`,
    )
  )[0]!.n as number;
/** A few rounds of the app's own worker. */
const rounds = async (n = 3) => {
  for (let i = 0; i < n; i++) {
    await t.app.mailer.runOnce();
    t.app.mailer.wake();
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
};

describe('the reminder the day before', () => {
  test('is not sent two days before, is sent once the day before, and never again', async () => {
    const email = `${fresh('remind')}@example.com`;
    const lead = await makeLead(t, owner, { name: 'Rosalind Franklin', email, leadOwnerId: staff });
    const a = await booked(t, owner, { leadId: lead.id, userId: staff, date: '2027-10-10', time: '10:00' });
    const cancelled = await booked(t, owner, { leadId: lead.id, userId: staff, date: '2027-10-10', time: '12:00' });
    await patchAppointment(t, owner, cancelled.id, { status: 3 });

    t.config.clock = fixedClock('2027-10-08T12:00:00Z');
    await rounds();
    expect(await queuedReminders(email)).toBe(0);

    t.config.clock = fixedClock('2027-10-09T12:00:00Z');
    const received = await until(t, async () => remindersTo(email)[0]);
    expect(subjectOf(received.raw)).toMatch(/^Reminder: your appointment at .+ tomorrow, 2027-10-10 at 10:00$/);
    const text = readMessage(received.raw)
      .parts.find((p) => p.headers['content-type']?.startsWith('text/plain'))
      ?.body.toString('utf8');
    expect(text).toContain('Hello Rosalind Franklin,');
    expect(text).toContain('When: 2027-10-10 at 10:00 (30 minutes)');

    await rounds();
    t.config.clock = fixedClock('2027-10-09T20:00:00Z');
    await rounds();
    expect(await queuedReminders(email)).toBe(1);
    expect(remindersTo(email)).toHaveLength(1);
    const got = await t.call('GET', `/v1/api/appointments/${a.id}`, { token: owner });
    expect(got.body.data.reminderSentAt).not.toBeNull();
    expect((await t.call('GET', `/v1/api/appointments/${cancelled.id}`, { token: owner })).body.data.reminderSentAt).toBeNull();

    // moved to another day, it is reminded again the day before that one
    const moved = await patchAppointment(t, owner, a.id, { date: '2027-10-12' });
    expect(moved.body.data.reminderSentAt).toBeNull();
    t.config.clock = fixedClock('2027-10-11T12:00:00Z');
    const again = await until(t, async () => remindersTo(email)[1]);
    expect(subjectOf(again.raw)).toMatch(/tomorrow, 2027-10-12 at 10:00$/);
    await rounds();
    expect(remindersTo(email)).toHaveLength(2);
  });

  test('two workers at once queue one reminder per appointment', async () => {
    const email = `${fresh('race')}@example.com`;
    const lead = await makeLead(t, owner, { email, leadOwnerId: staff });
    for (const time of ['09:00', '11:00', '15:00']) await booked(t, owner, { leadId: lead.id, userId: staff, date: '2027-11-20', time });
    t.config.clock = fixedClock('2027-11-19T09:00:00Z');
    const worker = () => new Mailer(t.database.db, t.config, undefined, [appointmentReminderStep({ config: t.config })]);
    await Promise.all([worker().runOnce(), worker().runOnce(), worker().runOnce()]);
    expect(await queuedReminders(email)).toBe(3);
    await until(t, async () => remindersTo(email).length === 3);
    await rounds();
    expect(remindersTo(email)).toHaveLength(3);
  });
});
