import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { book, booked, makeLead, patchAppointment, staffMember } from './crm-fixtures.ts';
import { useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';

/** Bookings racing for one staff member's slot (PostgreSQL, a pool of connections): one wins, the others are told which. */
const t = useTestApp();
let owner: string;
let leadId: number;

beforeAll(async () => {
  owner = await t.ownerToken();
  leadId = (await makeLead(t, owner, { leadOwnerId: (await staffMember(t)).userId })).id;
});

const held = async (userId: number) =>
  (await rows(t, sql`select count(*)::int as n from appointment where user_id = ${userId} and status in (0, 1, 2)`))[0]!.n as number;

describe('racing for a slot', () => {
  test('eight bookings of one slot at once: one is booked, seven are 409s naming it', async () => {
    const staff = (await staffMember(t)).userId;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        book(t, owner, { leadId, userId: staff, date: '2027-06-01', time: i % 2 ? '10:00' : '10:15', durationMinutes: 30 }),
      ),
    );
    const won = answers.filter((a) => a.status === 201);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(7);
    for (const a of lost) expect(a.body.error).toContain(`appointment ${won[0]!.body.data.id} on 2027-06-01`);
    expect(await held(staff)).toBe(1);
  });

  test('moves racing onto one free slot: one moves, the other is refused', async () => {
    const staff = (await staffMember(t)).userId;
    const a = await booked(t, owner, { leadId, userId: staff, date: '2027-06-02', time: '09:00' });
    const b = await booked(t, owner, { leadId, userId: staff, date: '2027-06-02', time: '11:00' });
    const answers = await Promise.all([a, b].map((x) => patchAppointment(t, owner, x.id, { time: '14:00' })));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    const clash = await rows(
      t,
      sql`select count(*)::int as n from appointment where user_id = ${staff} and date = '2027-06-02' and time = '14:00'`,
    );
    expect(clash[0]!.n).toBe(1);
  });

  test('the exclusion constraint stands behind the lock: an overlapping row written around the use case is refused', async () => {
    const staff = (await staffMember(t)).userId;
    const a = await booked(t, owner, { leadId, userId: staff, date: '2027-06-03', time: '09:00' });
    await expect(
      t.database.db.execute(
        sql`insert into appointment (lead_id, user_id, date, time, duration_minutes) values (${leadId}, ${staff}, '2027-06-03', '09:10', 30)`,
      ),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
    expect(a.id).toBeGreaterThan(0);
  });
});
