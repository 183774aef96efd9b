import { appointmentLifecycle, rolePresets } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { book, booked, fresh, makeLead, patchAppointment, staffMember } from './crm-fixtures.ts';
import { useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';

/** Issue 22 point 5: the appointment book (the spec's calls), its lifecycle, one staff member's slots never overlapping, the mails. */
const t = useTestApp();
let owner: string;
let anna: { userId: number; token: string };
let ben: { userId: number; token: string };
let leadId: number;
let leadName: string;
let customerId: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  anna = await staffMember(t);
  ben = await staffMember(t);
  const lead = await makeLead(t, owner, { name: 'Marie Curie', email: `${fresh('marie')}@example.com`, leadOwnerId: anna.userId });
  leadId = lead.id;
  leadName = lead.name;
  const customer = await t.call('POST', '/v1/customer', { token: owner, body: { username: 'lin', firstName: 'Lin', lastName: 'Wu' } });
  customerId = customer.body.id;
});

describe('booking', () => {
  test('POST appointmentadd books for a lead: data with status 0 (booked), its end, who it is for; GET and the lead page show it', async () => {
    const made = await book(t, owner, {
      leadId,
      userId: anna.userId,
      date: '2027-03-01',
      time: '10:00',
      durationMinutes: 45,
      notes: 'Fitting',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const a = made.body.data;
    expect(a).toMatchObject({
      status: 0,
      statusName: 'Booked',
      date: '2027-03-01',
      time: '10:00',
      endTime: '10:45',
      durationMinutes: 45,
      notes: 'Fitting',
      leadId,
      customerId: null,
      forName: leadName,
      userId: anna.userId,
      nextStatuses: [1, 2, 3, 4],
      reminderSentAt: null,
    });
    const got = await t.call('GET', `/v1/api/appointments/${a.id}`, { token: owner });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id: a.id, time: '10:00' });
    const page = await t.call('GET', `/v1/api/leads/${leadId}`, { token: owner });
    expect(page.body.singleLead.appointments.map((x: { id: number }) => x.id)).toContain(a.id);
    expect((await t.call('GET', '/v1/api/appointments/999999', { token: owner })).status).toBe(404);
  });

  test('for a customer, 30 minutes unless told; exactly one of lead and customer; an active staff member; fields checked', async () => {
    const made = await booked(t, owner, { customerId, userId: anna.userId, date: '2027-03-02', time: '09:00' });
    expect(made).toMatchObject({ time: '09:00', endTime: '09:30' });
    expect((await t.call('GET', `/v1/api/appointments/${made.id}`, { token: owner })).body.data.forName).toBe('Lin Wu');

    const neither = await book(t, owner, { userId: anna.userId, date: '2027-03-02', time: '11:00' });
    expect(neither.status).toBe(400);
    expect(neither.body.fields).toEqual({ leadId: 'is required (or a customer)' });
    const both = await book(t, owner, { leadId, customerId, userId: anna.userId, date: '2027-03-02', time: '11:00' });
    expect(both.status).toBe(400);
    expect(both.body.fields).toEqual({ customerId: 'must be left out when a lead is given' });
    const badTime = await book(t, owner, { leadId, userId: anna.userId, date: '2027-02-30', time: '25:00', durationMinutes: 2 });
    expect(badTime.status).toBe(400);
    expect(Object.keys(badTime.body.fields).sort()).toEqual(['date', 'durationMinutes', 'time']);
    const noLead = await book(t, owner, { leadId: 999999, userId: anna.userId, date: '2027-03-02', time: '11:00' });
    expect(noLead.status).toBe(400);
    expect(noLead.body.error).toBe('Lead does not exist');

    const gone = await staffMember(t);
    await t.call('PATCH', `/v1/user/${gone.userId}`, { token: owner, body: { status: 'false' } });
    const inactive = await book(t, owner, { leadId, userId: gone.userId, date: '2027-03-02', time: '11:00' });
    expect(inactive.status).toBe(400);
    expect(inactive.body.error).toBe('Staff member must be an active staff member');
  });

  test("an overlap with the staff member's appointment is a 409 naming it (time and who); back to back and another member are fine", async () => {
    const first = await booked(t, owner, { leadId, userId: ben.userId, date: '2027-04-05', time: '14:00', durationMinutes: 60 });
    const clash = await book(t, owner, { customerId, userId: ben.userId, date: '2027-04-05', time: '14:30' });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('conflict');
    expect(clash.body.error).toContain(`appointment ${first.id} on 2027-04-05 from 14:00 to 15:00 with ${leadName}`);
    expect(clash.body.fields.time).toContain(`appointment ${first.id}`);
    // inside, around, starting before
    for (const [time, durationMinutes] of [
      ['14:15', 15],
      ['13:00', 180],
      ['13:45', 30],
    ] as const)
      expect((await book(t, owner, { customerId, userId: ben.userId, date: '2027-04-05', time, durationMinutes })).status).toBe(409);

    await booked(t, owner, { customerId, userId: ben.userId, date: '2027-04-05', time: '15:00' });
    await booked(t, owner, { customerId, userId: ben.userId, date: '2027-04-05', time: '13:30' });
    await booked(t, owner, { customerId, userId: anna.userId, date: '2027-04-05', time: '14:00' });
  });

  test('a cancelled or no-show appointment frees its slot; a done one keeps it', async () => {
    const a = await booked(t, owner, { leadId, userId: ben.userId, date: '2027-04-06', time: '10:00' });
    expect((await patchAppointment(t, owner, a.id, { status: 3 })).body.data.status).toBe(3);
    const b = await booked(t, owner, { leadId, userId: ben.userId, date: '2027-04-06', time: '10:00' });
    expect((await patchAppointment(t, owner, b.id, { status: 4 })).status).toBe(200);
    const c = await booked(t, owner, { leadId, userId: ben.userId, date: '2027-04-06', time: '10:00' });
    expect((await patchAppointment(t, owner, c.id, { status: 2 })).status).toBe(200);
    expect((await book(t, owner, { leadId, userId: ben.userId, date: '2027-04-06', time: '10:10' })).status).toBe(409);
  });

  test('an appointment crossing midnight holds the next morning too', async () => {
    const late = await booked(t, owner, { customerId, userId: ben.userId, date: '2027-04-07', time: '23:30', durationMinutes: 60 });
    expect(late.endTime).toBe('00:30');
    expect((await book(t, owner, { customerId, userId: ben.userId, date: '2027-04-08', time: '00:00' })).status).toBe(409);
    await booked(t, owner, { customerId, userId: ben.userId, date: '2027-04-08', time: '00:30' });
  });
});

describe('changes', () => {
  test('status moves through the table: booked → confirmed → done; refused moves are 409 invalid_transition naming both states', async () => {
    const a = await booked(t, owner, { leadId, userId: anna.userId, date: '2027-05-01', time: '10:00' });
    const confirmed = await patchAppointment(t, owner, a.id, { status: 1 });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ message: `Appointment ${a.id} is now confirmed`, data: { status: 1, statusName: 'Confirmed' } });
    expect(confirmed.body.data.nextStatuses).toEqual([2, 3, 4]);
    const back = await patchAppointment(t, owner, a.id, { status: 0 });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'invalid_transition', error: `Appointment ${a.id} is confirmed; it cannot become booked` });
    expect((await patchAppointment(t, owner, a.id, { status: 2 })).body.data.status).toBe(2);
    const reopened = await patchAppointment(t, owner, a.id, { status: 3 });
    expect(reopened.status).toBe(409);
    expect(reopened.body.error).toBe(`Appointment ${a.id} is done; it cannot become cancelled`);
    expect((await patchAppointment(t, owner, a.id, { status: 9 })).status).toBe(400);
    // every move the table does not list is refused
    for (const from of appointmentLifecycle.states)
      for (const to of appointmentLifecycle.states)
        if (from !== to) expect(appointmentLifecycle.canMove(from, to)).toBe(['0', '1'].includes(from) && Number(to) > Number(from));
  });

  test('moving (date, time, length, staff member) checks the book as booking does; notes change in any state', async () => {
    const a = await booked(t, owner, { leadId, userId: anna.userId, date: '2027-05-02', time: '10:00' });
    const b = await booked(t, owner, { leadId, userId: anna.userId, date: '2027-05-02', time: '11:00' });
    const onto = await patchAppointment(t, owner, b.id, { time: '10:15' });
    expect(onto.status).toBe(409);
    expect(onto.body.error).toContain(`appointment ${a.id} on 2027-05-02 from 10:00 to 10:30`);
    const longer = await patchAppointment(t, owner, a.id, { durationMinutes: 90 });
    expect(longer.status).toBe(409);
    expect(longer.body.error).toContain(`appointment ${b.id}`);
    const moved = await patchAppointment(t, owner, b.id, { date: '2027-05-03', time: '10:15', notes: 'moved by phone' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      message: `Appointment ${b.id} moved`,
      data: { date: '2027-05-03', time: '10:15', notes: 'moved by phone' },
    });
    // its own old slot does not stand in its way
    expect((await patchAppointment(t, owner, b.id, { time: '10:30' })).status).toBe(200);
    const toBen = await t.call('PUT', `/v1/api/appointments/${b.id}`, { token: owner, body: { userId: ben.userId, durationMinutes: 20 } });
    expect(toBen.status).toBe(200);
    expect(toBen.body.data).toMatchObject({ userId: ben.userId, durationMinutes: 20, endTime: '10:50' });
    expect(toBen.body.message).toBe(`Appointment ${b.id} moved`);

    await patchAppointment(t, owner, a.id, { status: 3 });
    const cancelledMove = await patchAppointment(t, owner, a.id, { date: '2027-06-01' });
    expect(cancelledMove.status).toBe(409);
    expect(cancelledMove.body.error).toBe(`Appointment ${a.id} is cancelled; only a booked or confirmed one can be moved`);
    const note = await patchAppointment(t, owner, a.id, { notes: 'called to cancel' });
    expect(note.status).toBe(200);
    expect(note.body.data.notes).toBe('called to cancel');
    expect((await patchAppointment(t, owner, a.id, {})).status).toBe(400);
  });

  test('DELETE deleteappointment removes it and frees its slot', async () => {
    const a = await booked(t, owner, { leadId, userId: anna.userId, date: '2027-05-04', time: '10:00' });
    const gone = await t.call('DELETE', `/v1/api/leads/deleteappointment/${a.id}`, { token: owner });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ id: a.id, message: `Appointment ${a.id} deleted` });
    expect((await t.call('GET', `/v1/api/appointments/${a.id}`, { token: owner })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/api/leads/deleteappointment/${a.id}`, { token: owner })).status).toBe(404);
    await booked(t, owner, { leadId, userId: anna.userId, date: '2027-05-04', time: '10:00' });
  });
});

describe('the book', () => {
  test('GET api/appointments answers a staff member’s days in order, list and total, bounded to 42 days', async () => {
    const carl = await staffMember(t);
    const later = await booked(t, owner, { leadId, userId: carl.userId, date: '2027-07-02', time: '09:00' });
    const earlier = await booked(t, owner, { customerId, userId: carl.userId, date: '2027-07-01', time: '15:00' });
    const cancelled = await booked(t, owner, { customerId, userId: carl.userId, date: '2027-07-01', time: '16:00' });
    await patchAppointment(t, owner, cancelled.id, { status: 3 });
    await booked(t, owner, { customerId, userId: carl.userId, date: '2027-07-09', time: '09:00' });
    const week = await t.call('GET', '/v1/api/appointments', {
      token: owner,
      query: { from: '2027-07-01', to: '2027-07-07', userId: String(carl.userId) },
    });
    expect(week.status, JSON.stringify(week.body)).toBe(200);
    expect(week.body.list.map((a: { id: number }) => a.id)).toEqual([earlier.id, cancelled.id, later.id]);
    expect(week.body).toMatchObject({ total: 3, truncated: 'false' });
    const held = await t.call('GET', '/v1/api/appointments', {
      token: owner,
      query: { from: '2027-07-01', to: '2027-07-07', userId: String(carl.userId), status: '0,1' },
    });
    expect(held.body.total).toBe(2);

    const tooLong = await t.call('GET', '/v1/api/appointments', { token: owner, query: { from: '2027-01-01', to: '2027-03-01' } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual({ to: 'must be at most 42 days after the start' });
    const reversed = await t.call('GET', '/v1/api/appointments', { token: owner, query: { from: '2027-01-05', to: '2027-01-01' } });
    expect(reversed.status).toBe(400);
    expect((await t.call('GET', '/v1/api/appointments', { token: owner })).status).toBe(400);

    const staff = await t.call('GET', '/v1/api/appointments/staff', { token: owner });
    expect(staff.body.list.map((s: { id: number }) => s.id)).toContain(carl.userId);
  });
});

describe('mails', () => {
  test('booking and moving queue a mail (kind appointment) to a lead or customer with an e-mail; none without one', async () => {
    const email = `${fresh('mail')}@example.com`;
    const lead = await makeLead(t, owner, { name: 'Mailed Lead', email, leadOwnerId: anna.userId });
    const sent = async () =>
      rows(t, sql`select subject from outbox where kind = 'appointment' and ${email} = any("to") order by id`).then((r) =>
        r.map((m) => m.subject as string),
      );
    const a = await booked(t, owner, { leadId: lead.id, userId: anna.userId, date: '2027-08-01', time: '12:00' });
    expect(await sent()).toEqual([expect.stringMatching(/^Your appointment at .+ on 2027-08-01 at 12:00$/)]);
    await patchAppointment(t, owner, a.id, { status: 1 });
    expect(await sent()).toHaveLength(1);
    await patchAppointment(t, owner, a.id, { time: '13:00' });
    expect((await sent())[1]).toMatch(/has moved to 2027-08-01 at 13:00$/);

    const quiet = await makeLead(t, owner, { leadOwnerId: anna.userId });
    const before = await rows(t, sql`select count(*)::int as n from outbox where kind = 'appointment'`);
    await booked(t, owner, { leadId: quiet.id, userId: anna.userId, date: '2027-08-02', time: '12:00' });
    expect(await rows(t, sql`select count(*)::int as n from outbox where kind = 'appointment'`)).toEqual(before);
  });
});

describe('appointment permissions', () => {
  test('each call needs its permission; the cashier and the manager may book', async () => {
    const reader = await t.staffWith(['readAll-appointment', 'readSingle-appointment']);
    const a = await booked(t, owner, { leadId, userId: anna.userId, date: '2027-09-01', time: '10:00' });
    expect((await t.call('GET', `/v1/api/appointments/${a.id}`, { token: reader.token })).status).toBe(200);
    expect((await book(t, reader.token, { leadId, userId: anna.userId, date: '2027-09-01', time: '11:00' })).status).toBe(403);
    expect((await patchAppointment(t, reader.token, a.id, { status: 1 })).status).toBe(403);
    expect((await t.call('PUT', `/v1/api/appointments/${a.id}`, { token: reader.token, body: { status: 1 } })).status).toBe(403);
    expect((await t.call('DELETE', `/v1/api/leads/deleteappointment/${a.id}`, { token: reader.token })).status).toBe(403);
    const booker = await t.staffWith(['create-appointment']);
    expect((await book(t, booker.token, { leadId, userId: anna.userId, date: '2027-09-01', time: '11:00' })).status).toBe(201);
    expect((await t.call('GET', `/v1/api/appointments/${a.id}`, { token: booker.token })).status).toBe(403);
    const shopper = await t.customerToken();
    expect((await t.call('GET', `/v1/api/appointments/${a.id}`, { token: shopper.token })).status).toBe(403);
    for (const grant of ['create-appointment', 'update-appointment', 'readAll-appointment', 'create-lead', 'readAll-leadSource'] as const) {
      expect(rolePresets.cashier).toContain(grant);
      expect(rolePresets.manager).toContain(grant);
    }
  });
});
