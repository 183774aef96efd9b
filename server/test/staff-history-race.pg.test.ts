import { beforeAll, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

/** Two changes of one person's designation or salary at once take turns on the person's row: one open row stays. */
const t = useTestApp();
let owner: string;
let roleId: number;
const designation: number[] = [];

beforeAll(async () => {
  owner = await t.ownerToken();
  const roles = (await t.call('GET', '/v1/role', { token: owner, query: { query: 'all' } })).body.getAllRole as {
    id: number;
    name: string;
  }[];
  roleId = roles.find((r) => r.name === 'manager')!.id;
  for (const name of ['Cashier (race)', 'Stock clerk (race)', 'Team lead (race)'])
    designation.push((await t.call('POST', '/v1/designation', { token: owner, body: { name } })).body.id);
});

let seq = 0;
async function person() {
  seq++;
  const body = {
    firstName: 'Race',
    lastName: `Person${seq}`,
    username: `race-${seq}`,
    password: 'long-enough-1',
    roleId,
    designationId: designation[0],
    designationStartDate: '2026-01-01',
    salary: 2000,
    salaryStartDate: '2026-01-01',
  };
  return (await t.call('POST', '/v1/user/register', { token: owner, body })).body.id as number;
}

const openRows = async (id: number) => {
  const detail = (await t.call('GET', `/v1/user/${id}`, { token: owner })).body;
  return {
    designations: (detail.designationHistory as { endDate: string | null }[]).filter((r) => r.endDate === null),
    salaries: (detail.salaryHistory as { endDate: string | null }[]).filter((r) => r.endDate === null),
    all: detail,
  };
};

test('two history calls at once leave one open row, the dates meeting', async () => {
  for (let round = 0; round < 5; round++) {
    const id = await person();
    const answers = await Promise.all([
      t.call('POST', '/v1/designation-history', {
        token: owner,
        body: { userId: id, designationId: designation[1], startDate: '2026-04-01' },
      }),
      t.call('POST', '/v1/designation-history', {
        token: owner,
        body: { userId: id, designationId: designation[2], startDate: '2026-04-01' },
      }),
      t.call('POST', '/v1/salary-history', { token: owner, body: { userId: id, salary: 2100, startDate: '2026-05-01' } }),
      t.call('POST', '/v1/salary-history', { token: owner, body: { userId: id, salary: 2200, startDate: '2026-06-01' } }),
    ]);
    // the same start twice: one wins, the other is told which row is open now
    expect(
      answers
        .slice(0, 2)
        .map((a) => a.status)
        .sort(),
    ).toEqual([201, 400]);
    // two later starts: the earlier one fits only when it comes first; the later one always does
    expect(answers[3]!.status).toBe(201);
    expect([201, 400]).toContain(answers[2]!.status);
    const { designations, salaries, all } = await openRows(id);
    expect(designations).toHaveLength(1);
    expect(salaries).toHaveLength(1);
    const rows = [...all.salaryHistory].reverse() as { salary: number; startDate: string; endDate: string | null }[];
    expect(rows.at(-1)).toMatchObject({ salary: 2200, startDate: '2026-06-01', endDate: null });
    // each row ends the day before the next starts
    for (const [i, row] of rows.slice(0, -1).entries()) {
      const next = new Date(`${rows[i + 1]!.startDate}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() - 1);
      expect(row.endDate).toBe(next.toISOString().slice(0, 10));
    }
  }
});

test('a user update and a history call at once leave one open row', async () => {
  for (let round = 0; round < 5; round++) {
    const id = await person();
    const answers = await Promise.all([
      t.call('PUT', `/v1/user/${id}`, {
        token: owner,
        body: { designationId: designation[1], designationStartDate: '2026-03-01', salary: 2500, salaryStartDate: '2026-03-01' },
      }),
      t.call('POST', '/v1/designation-history', {
        token: owner,
        body: { userId: id, designationId: designation[2], startDate: '2026-07-01' },
      }),
      t.call('POST', '/v1/salary-history', { token: owner, body: { userId: id, salary: 2700, startDate: '2026-07-01' } }),
    ]);
    // the later history rows always fit; the update fits when it goes first, else it is refused (its start is before the open row's)
    expect(answers.slice(1).map((a) => a.status)).toEqual([201, 201]);
    expect([200, 400]).toContain(answers[0]!.status);
    const { designations, salaries } = await openRows(id);
    expect(designations).toHaveLength(1);
    expect(salaries).toHaveLength(1);
  }
});
