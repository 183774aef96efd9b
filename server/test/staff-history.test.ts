import { userRecordLimit } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
let managerRole: number;
const designations: Record<'cashier' | 'clerk' | 'lead', number> = {} as never;

interface Period {
  id: number;
  startDate: string;
  endDate: string | null;
  designationId?: number;
  salary?: number;
  period?: string;
  designation?: { name: string };
}

const create = async (path: string, body: object) => {
  const answer = await t.call('POST', `/v1/${path}`, { token: owner, body });
  if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

let seq = 0;
/** A new staff member, Cashier from 2026-01-01 on 2000.00. */
async function newPerson(extra: object = {}) {
  seq++;
  const user = await create('user/register', {
    firstName: 'Sam',
    lastName: `Staff${seq}`,
    username: `sam-history-${seq}`,
    password: 'long-enough-1',
    roleId: managerRole,
    designationId: designations.cashier,
    designationStartDate: '2026-01-01',
    salary: 2000,
    salaryStartDate: '2026-01-01',
    ...extra,
  });
  return user.id as number;
}

const detail = async (id: number) => (await t.call('GET', `/v1/user/${id}`, { token: owner })).body;
/** The person's rows of one history, oldest first. */
const rowsOf = async (id: number, kind: 'designationHistory' | 'salaryHistory'): Promise<Period[]> =>
  [...((await detail(id))[kind] as Period[])].reverse();

/** What a person would check on any history: one open row, the last; each row ends the day before the next starts. */
function expectTruthful(rows: Period[]) {
  expect(rows.filter((r) => r.endDate === null)).toHaveLength(1);
  expect(rows.at(-1)!.endDate).toBeNull();
  for (const [i, row] of rows.entries()) {
    if (row.endDate) expect(row.endDate >= row.startDate).toBe(true);
    const next = rows[i + 1];
    if (next) {
      const dayBefore = new Date(`${next.startDate}T00:00:00Z`);
      dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
      expect(row.endDate).toBe(dayBefore.toISOString().slice(0, 10));
    }
  }
}

beforeAll(async () => {
  owner = await t.ownerToken();
  const roles = (await t.call('GET', '/v1/role', { token: owner, query: { query: 'all' } })).body.getAllRole as {
    id: number;
    name: string;
  }[];
  managerRole = roles.find((r) => r.name === 'manager')!.id;
  designations.cashier = (await create('designation', { name: 'Cashier (history)' })).id;
  designations.clerk = (await create('designation', { name: 'Stock clerk (history)' })).id;
  designations.lead = (await create('designation', { name: 'Team lead (history)' })).id;
});

describe('a change through the user update', () => {
  test('a new designation closes the old row the day before and opens the new one', async () => {
    const id = await newPerson();
    const put = await t.call('PUT', `/v1/user/${id}`, {
      token: owner,
      body: { designationId: designations.clerk, designationStartDate: '2026-06-01', designationComment: 'moved to stock' },
    });
    expect(put.status).toBe(200);
    expect(put.body.designationId).toBe(designations.clerk);
    const rows = await rowsOf(id, 'designationHistory');
    expect(rows.map((r) => [r.designation?.name, r.startDate, r.endDate])).toEqual([
      ['Cashier (history)', '2026-01-01', '2026-05-31'],
      ['Stock clerk (history)', '2026-06-01', null],
    ]);
    expectTruthful(rows);
    // the same designation again changes nothing
    await t.call('PUT', `/v1/user/${id}`, {
      token: owner,
      body: { designationId: designations.clerk, designationStartDate: '2026-07-01' },
    });
    expect(await rowsOf(id, 'designationHistory')).toHaveLength(2);
  });

  test('a raise from a later day leaves one salary running, the old one ending the day before', async () => {
    const id = await newPerson();
    const put = await t.call('PUT', `/v1/user/${id}`, { token: owner, body: { salary: 2300.5, salaryStartDate: '2026-12-01' } });
    expect(put.status).toBe(200);
    const rows = await rowsOf(id, 'salaryHistory');
    expect(rows.map((r) => [r.salary, r.startDate, r.endDate])).toEqual([
      [2000, '2026-01-01', '2026-11-30'],
      [2300.5, '2026-12-01', null],
    ]);
    expectTruthful(rows);
  });

  test('without a start date the change starts today; on the day the row began it is corrected in place', async () => {
    const today = new Date().toLocaleDateString('en-CA');
    const id = await newPerson({ designationStartDate: today, salaryStartDate: today });
    await t.call('PUT', `/v1/user/${id}`, { token: owner, body: { designationId: designations.lead, salary: 2100 } });
    const person = await detail(id);
    expect(person.designationHistory).toEqual([
      expect.objectContaining({ designationId: designations.lead, startDate: today, endDate: null }),
    ]);
    expect(person.salaryHistory).toEqual([expect.objectContaining({ salary: 2100, startDate: today, endDate: null })]);
    expect(person.currentDesignation).toMatchObject({ designation: { name: 'Team lead (history)' } });
    expect(person.currentSalary).toMatchObject({ salary: 2100 });
  });

  test('a change dated before the open row began is refused naming the start date', async () => {
    const id = await newPerson();
    const put = await t.call('PUT', `/v1/user/${id}`, {
      token: owner,
      body: { designationId: designations.clerk, designationStartDate: '2025-12-01' },
    });
    expect(put.status).toBe(400);
    expect(put.body.fields).toHaveProperty('designationStartDate');
    expect(put.body.error).toMatch(/^Designation start date must be after 2026-01-01/);
    // nothing was written: the user keeps the designation and the history
    expect((await detail(id)).designationId).toBe(designations.cashier);
    expect(await rowsOf(id, 'designationHistory')).toHaveLength(1);
  });
});

describe('a salary says its period', () => {
  test('registered per hour; a row without a period reads per month, as the rows kept before', async () => {
    const hourly = await newPerson({ salary: 14.5, salaryPeriod: 'hour' });
    expect((await detail(hourly)).currentSalary).toMatchObject({ salary: 14.5, period: 'hour' });
    const monthly = await newPerson();
    expect((await detail(monthly)).currentSalary).toMatchObject({ salary: 2000, period: 'month' });
    // a raise through the user update is paid per the same period unless it says otherwise
    await t.call('PUT', `/v1/user/${hourly}`, { token: owner, body: { salary: 15.25, salaryStartDate: '2026-06-01' } });
    expect((await rowsOf(hourly, 'salaryHistory')).map((r) => [r.salary, r.period, r.endDate])).toEqual([
      [14.5, 'hour', '2026-05-31'],
      [15.25, 'hour', null],
    ]);
    // the period alone changes from the day given: same amount, now per week
    const put = await t.call('PUT', `/v1/user/${hourly}`, { token: owner, body: { salaryPeriod: 'week', salaryStartDate: '2026-07-01' } });
    expect(put.status).toBe(200);
    expect((await detail(hourly)).currentSalary).toMatchObject({ salary: 15.25, period: 'week', startDate: '2026-07-01' });
  });

  test('the history calls take and change the period; one outside the set is refused naming the field', async () => {
    const id = await newPerson();
    const posted = await t.call('POST', '/v1/salary-history', {
      token: owner,
      body: { userId: id, salary: 30000, period: 'year', startDate: '2026-09-01' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ salary: 30000, period: 'year' });
    const changed = await t.call('PUT', `/v1/salary-history/${posted.body.id}`, { token: owner, body: { period: 'month' } });
    expect(changed.body).toMatchObject({ salary: 30000, period: 'month' });
    const refused = await t.call('POST', '/v1/salary-history', {
      token: owner,
      body: { userId: id, salary: 10, period: 'fortnight', startDate: '2026-10-01' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty('period');
    const list = await t.call('GET', '/v1/salary-history', { token: owner, query: { query: 'all', userId: String(id) } });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain('"period":"month"');
  });
});

describe('a change through the history calls', () => {
  test('a new open designation row closes the open one; the user follows it', async () => {
    const id = await newPerson();
    const posted = await t.call('POST', '/v1/designation-history', {
      token: owner,
      body: { userId: id, designationId: designations.lead, startDate: '2026-03-15' },
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({ userId: id, designationId: designations.lead, startDate: '2026-03-15', endDate: null });
    const rows = await rowsOf(id, 'designationHistory');
    expect(rows.map((r) => [r.startDate, r.endDate])).toEqual([
      ['2026-01-01', '2026-03-14'],
      ['2026-03-15', null],
    ]);
    expectTruthful(rows);
    expect((await detail(id)).designation).toMatchObject({ id: designations.lead });
  });

  test('a raise through salary-history closes the running salary', async () => {
    const id = await newPerson();
    expect(
      (await t.call('POST', '/v1/salary-history', { token: owner, body: { userId: id, salary: 2500, startDate: '2026-09-01' } })).status,
    ).toBe(201);
    const rows = await rowsOf(id, 'salaryHistory');
    expect(rows.map((r) => [r.salary, r.startDate, r.endDate])).toEqual([
      [2000, '2026-01-01', '2026-08-31'],
      [2500, '2026-09-01', null],
    ]);
    expectTruthful(rows);
  });

  test('an earlier closed period fits before the first row; an overlapping one is refused naming the field', async () => {
    const id = await newPerson();
    const before = await t.call('POST', '/v1/salary-history', {
      token: owner,
      body: { userId: id, salary: 1500, startDate: '2025-01-01', endDate: '2025-12-31', comment: 'trial year' },
    });
    expect(before.status).toBe(201);
    expectTruthful(await rowsOf(id, 'salaryHistory'));

    const overEnd = await t.call('POST', '/v1/salary-history', {
      token: owner,
      body: { userId: id, salary: 1600, startDate: '2024-06-01', endDate: '2025-02-01' },
    });
    expect(overEnd.status).toBe(400);
    expect(overEnd.body.fields).toEqual({ endDate: expect.stringContaining('overlaps the salary of 2025-01-01 – 2025-12-31') });
    expect(overEnd.body.error).toMatch(/^End date overlaps/);

    const overStart = await t.call('POST', '/v1/salary-history', {
      token: owner,
      body: { userId: id, salary: 1600, startDate: '2026-02-01', endDate: '2026-03-01' },
    });
    expect(overStart.status).toBe(400);
    expect(overStart.body.fields).toEqual({ startDate: expect.stringContaining('overlaps the salary of 2026-01-01 – now') });

    const sameStart = await t.call('POST', '/v1/designation-history', {
      token: owner,
      body: { userId: id, designationId: designations.clerk, startDate: '2026-01-01' },
    });
    expect(sameStart.status).toBe(400);
    expect(sameStart.body.fields).toHaveProperty('startDate');
  });

  test('a row ending before it starts is refused naming the end date, on create and on edit', async () => {
    const id = await newPerson();
    const reversed = await t.call('POST', '/v1/designation-history', {
      token: owner,
      body: { userId: id, designationId: designations.clerk, startDate: '2025-05-01', endDate: '2025-04-01' },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({
      error: 'End date must not be before the start date',
      fields: { endDate: 'must not be before the start date' },
    });

    const [open] = await rowsOf(id, 'salaryHistory');
    const edit = await t.call('PUT', `/v1/salary-history/${open!.id}`, { token: owner, body: { endDate: '2025-12-31' } });
    expect(edit.status).toBe(400);
    expect(edit.body.fields).toHaveProperty('endDate');
  });

  test("editing a row's start moves the end of the row before it; deleting the open row reopens it", async () => {
    const id = await newPerson();
    await t.call('POST', '/v1/designation-history', {
      token: owner,
      body: { userId: id, designationId: designations.clerk, startDate: '2026-05-01' },
    });
    let rows = await rowsOf(id, 'designationHistory');
    const edited = await t.call('PUT', `/v1/designation-history/${rows[1]!.id}`, { token: owner, body: { startDate: '2026-04-20' } });
    expect(edited.status).toBe(200);
    rows = await rowsOf(id, 'designationHistory');
    expect(rows.map((r) => [r.startDate, r.endDate])).toEqual([
      ['2026-01-01', '2026-04-19'],
      ['2026-04-20', null],
    ]);
    // a start before the previous row began would leave it ending before it starts
    const tooEarly = await t.call('PUT', `/v1/designation-history/${rows[1]!.id}`, { token: owner, body: { startDate: '2025-12-01' } });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.fields).toHaveProperty('startDate');

    const deleted = await t.call('DELETE', `/v1/designation-history/${rows[1]!.id}`, { token: owner });
    expect(deleted.status).toBe(200);
    rows = await rowsOf(id, 'designationHistory');
    expect(rows.map((r) => [r.designationId, r.startDate, r.endDate])).toEqual([[designations.cashier, '2026-01-01', null]]);
    expect((await detail(id)).designationId).toBe(designations.cashier);
    expect((await t.call('DELETE', `/v1/designation-history/${rows[1]?.id ?? 999_999}`, { token: owner })).status).toBe(404);
  });

  test("editing a row's end moves the start of the row after it; an end that would swallow it is refused", async () => {
    const id = await newPerson();
    await t.call('POST', '/v1/salary-history', { token: owner, body: { userId: id, salary: 2400, startDate: '2026-09-01' } });
    const [first] = await rowsOf(id, 'salaryHistory');
    const earlier = await t.call('PUT', `/v1/salary-history/${first!.id}`, { token: owner, body: { endDate: '2026-07-31' } });
    expect(earlier.status).toBe(200);
    let rows = await rowsOf(id, 'salaryHistory');
    expect(rows.map((r) => [r.salary, r.startDate, r.endDate])).toEqual([
      [2000, '2026-01-01', '2026-07-31'],
      [2400, '2026-08-01', null],
    ]);
    const reopened = await t.call('PUT', `/v1/salary-history/${first!.id}`, { token: owner, body: { endDate: null } });
    expect(reopened.status).toBe(400);
    expect(reopened.body.fields).toEqual({ endDate: 'is needed: the next salary starts on 2026-08-01' });
    rows = await rowsOf(id, 'salaryHistory');
    expectTruthful(rows);
  });

  test('the database refuses an overlap that skips the checks, and the answer names the field', async () => {
    const id = await newPerson();
    const [open] = await rowsOf(id, 'salaryHistory');
    const attempt = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into salary_history (user_id, salary, start_date) values (${id}, 1, '2026-02-01')`);
    });
    await expect(attempt).rejects.toThrow();
    // the error handler's mapping: the constraint's name becomes the field a person fixes
    const { fromDatabase } = await import('../src/platform/errors.ts');
    const error = await attempt.catch((e: unknown) => e);
    expect(fromDatabase(error)?.toBody()).toMatchObject({
      code: 'validation_failed',
      fields: { startDate: expect.stringContaining('overlaps') },
    });
    expect(open).toBeDefined();
  });
});

test('the user page lists at most userRecordLimit rows of a history, the newest', async () => {
  const id = await newPerson({ salaryStartDate: '2200-01-01' });
  // years of past pay, one row a month before the current one
  await t.database.db.execute(sql`
    insert into salary_history (user_id, salary, start_date, end_date)
    select ${id}, 1000, d::date, (d + interval '1 month' - interval '1 day')::date
    from generate_series('2100-01-01'::date, '2100-01-01'::date + interval '249 months', interval '1 month') d`);
  const rows = (await detail(id)).salaryHistory as Period[];
  expect(rows).toHaveLength(userRecordLimit);
  expect(rows[0]).toMatchObject({ startDate: '2200-01-01', endDate: null });
});

describe('award history and education keep their calls', () => {
  test('award history: add, edit, hard delete; education: the end may not be before the start', async () => {
    const id = await newPerson();
    const award = await create('award', { name: `Best smile ${seq}` });
    const row = await create('award-history', { userId: id, awardId: award.id, awardedDate: '2026-04-01' });
    expect((await t.call('PUT', `/v1/award-history/${row.id}`, { token: owner, body: { comment: 'voted by customers' } })).status).toBe(
      200,
    );
    expect((await detail(id)).awardHistory).toEqual([
      expect.objectContaining({ comment: 'voted by customers', award: { id: award.id, name: award.name } }),
    ]);
    expect((await t.call('DELETE', `/v1/award-history/${row.id}`, { token: owner })).status).toBe(200);
    expect((await detail(id)).awardHistory).toEqual([]);

    const study = {
      userId: id,
      degree: 'BA',
      institution: 'Evening school',
      fieldOfStudy: 'Retail',
      result: 'Pass',
      studyStartDate: '2020-09-01',
    };
    const reversed = await t.call('POST', '/v1/education', { token: owner, body: { ...study, studyEndDate: '2020-01-01' } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields).toHaveProperty('studyEndDate');
    const saved = await create('education', { ...study, studyEndDate: '2023-06-30' });
    expect((await detail(id)).education).toEqual([expect.objectContaining({ degree: 'BA', studyEndDate: '2023-06-30' })]);
    expect((await t.call('DELETE', `/v1/education/${saved.id}`, { token: owner })).status).toBe(200);
  });
});

describe('shifts and employment statuses', () => {
  test("a shift's hours are worked out from its times, a night shift crossing midnight included", async () => {
    const day = await create('shift', { name: 'Day (history)', startTime: '08:30', endTime: '17:00', workHour: 2 });
    expect(day.workHour).toBe(8.5);
    const night = await create('shift', { name: 'Night (history)', startTime: '22:00', endTime: '06:00' });
    expect(night.workHour).toBe(8);
    const longer = await t.call('PUT', `/v1/shift/${night.id}`, { token: owner, body: { endTime: '07:15' } });
    expect(longer.body.workHour).toBe(9.25);
    expect((await t.call('GET', `/v1/shift/${night.id}`, { token: owner })).body.workHour).toBe(9.25);
    // the same time at both ends is a whole day on call
    expect((await create('shift', { name: 'On call (history)', startTime: '09:00', endTime: '09:00' })).workHour).toBe(24);
  });

  test("the staff list carries each person's employment status with its colour; the page its records", async () => {
    const status = await create('employment-status', { name: 'Seasonal (history)', colourValue: '#ff8800' });
    const shift = await create('shift', { name: 'Late (history)', startTime: '14:00', endTime: '22:00' });
    const id = await newPerson({ employmentStatusId: status.id, shiftId: shift.id });
    const list = await t.call('GET', '/v1/user', { token: owner, query: { employmentStatusId: String(status.id) } });
    expect(list.body.getAllUser).toEqual([
      expect.objectContaining({ id, employmentStatus: { id: status.id, name: 'Seasonal (history)', colourValue: '#ff8800' } }),
    ]);
    const person = await detail(id);
    expect(person).toMatchObject({
      shift: { name: 'Late (history)', workHour: 8 },
      employmentStatus: { colourValue: '#ff8800' },
      currentDesignation: { designation: { name: 'Cashier (history)' }, endDate: null },
      currentSalary: { salary: 2000, endDate: null },
    });
  });
});
