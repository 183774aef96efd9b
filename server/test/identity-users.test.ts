import { beforeAll, describe, expect, test } from 'vitest';
import { ownerUsername } from './constants.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
const ids: Record<'department' | 'designation' | 'shift' | 'employmentStatus' | 'manager' | 'customer' | 'superAdmin' | 'ownerId', number> =
  {} as never;

const create = async (path: string, body: object) => {
  const answer = await t.call('POST', `/v1/${path}`, { token: owner, body });
  if (answer.status !== 201) throw new Error(`${path}: ${JSON.stringify(answer.body)}`);
  return answer.body.id as number;
};
const roleId = async (name: string) =>
  (await t.call('GET', '/v1/role', { token: owner, query: { query: 'all' } })).body.getAllRole.find(
    (r: { name: string }) => r.name === name,
  ).id as number;

let seq = 0;
/** A new role holding the named permissions (set by the owner). */
const roleWith = async (name: string, permissionNames: string[]) => {
  const created = await t.call('POST', '/v1/role', { token: owner, body: { name } });
  const all = (await t.call('GET', '/v1/permission', { token: owner, query: { query: 'all' } })).body.getAllPermission as {
    id: number;
    name: string;
  }[];
  const permissionId = all.filter((p) => permissionNames.includes(p.name)).map((p) => p.id);
  await t.call('POST', '/v1/role-permission', { token: owner, body: { roleId: created.body.id, permissionId } });
  return created.body.id as number;
};
const person = (extra: object = {}) => {
  seq++;
  return {
    firstName: 'Ada',
    lastName: `Lovelace${seq}`,
    username: `ada${seq}`,
    password: 'analytical-engine',
    roleId: ids.manager,
    ...extra,
  };
};
const register = (body: object, token = owner) => t.call('POST', '/v1/user/register', { token, body });

beforeAll(async () => {
  owner = await t.ownerToken();
  ids.department = await create('department', { name: 'Shop floor' });
  ids.designation = await create('designation', { name: 'Cashier' });
  ids.shift = await create('shift', { name: 'Morning', startTime: '08:00', endTime: '14:00', workHour: 6 });
  ids.employmentStatus = await create('employment-status', { name: 'Full time', colourValue: '#2e7d32' });
  ids.manager = await roleId('manager');
  ids.customer = await roleId('customer');
  ids.superAdmin = await roleId('super-admin');
  ids.ownerId = (await t.login(ownerUsername, 'owner-password-1')).body.id;
});

describe('POST user/register', () => {
  test('creates the user with first designation and salary history, visible on GET user/:id', async () => {
    const created = await register(
      person({
        username: 'grace',
        email: 'Grace@Example.com',
        employeeId: 'E-100',
        phone: '555-0100',
        departmentId: ids.department,
        designationId: ids.designation,
        shiftId: ids.shift,
        employmentStatusId: ids.employmentStatus,
        joinDate: '2024-03-01',
        designationStartDate: '2024-03-15',
        designationComment: 'first post',
        salary: 2500.5,
        salaryComment: 'starting salary',
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('password');
    expect(created.body).toMatchObject({ username: 'grace', email: 'grace@example.com', status: 'true', roleId: ids.manager });

    const detail = await t.call('GET', `/v1/user/${created.body.id}`, { token: owner });
    expect(detail.status).toBe(200);
    expect(detail.body).not.toHaveProperty('password');
    expect(detail.body).toMatchObject({
      role: { id: ids.manager, name: 'manager' },
      department: { id: ids.department, name: 'Shop floor' },
      designation: { id: ids.designation, name: 'Cashier' },
      shift: { id: ids.shift, name: 'Morning' },
      employmentStatus: { id: ids.employmentStatus, name: 'Full time' },
      education: [],
      awardHistory: [],
    });
    expect(detail.body.designationHistory).toEqual([
      expect.objectContaining({
        designationId: ids.designation,
        startDate: '2024-03-15',
        endDate: null,
        comment: 'first post',
        designation: { id: ids.designation, name: 'Cashier' },
      }),
    ]);
    // the salary starts on the join date when no salary start date is given
    expect(detail.body.salaryHistory).toEqual([
      expect.objectContaining({ salary: 2500.5, startDate: '2024-03-01', comment: 'starting salary' }),
    ]);
  });

  test('without designation or salary no history rows are written; dates default to today', async () => {
    const plain = await register(person());
    expect((await t.call('GET', `/v1/user/${plain.body.id}`, { token: owner })).body).toMatchObject({
      designationHistory: [],
      salaryHistory: [],
      department: null,
      designation: null,
    });
    const today = new Date().toLocaleDateString('en-CA');
    const dated = await register(person({ designationId: ids.designation, salary: 0 }));
    const detail = await t.call('GET', `/v1/user/${dated.body.id}`, { token: owner });
    expect(detail.body.designationHistory[0].startDate).toBe(today);
    expect(detail.body.salaryHistory[0]).toMatchObject({ salary: 0, startDate: today });
  });

  test('400 naming each missing or malformed field', async () => {
    const empty = await register({});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields).sort()).toEqual(['firstName', 'lastName', 'password', 'roleId', 'username']);
    const bad = await register(person({ password: 'short', email: 'not-an-email', joinDate: '01/02/2024', salary: -5 }));
    expect(Object.keys(bad.body.fields).sort()).toEqual(['email', 'joinDate', 'password', 'salary']);
  });

  test('400 for references that do not exist, the customer role, or periods that end before they start', async () => {
    const unknownRole = await register(person({ roleId: 99999 }));
    expect([unknownRole.status, unknownRole.body.fields]).toEqual([400, { roleId: 'does not exist' }]);
    const customerRole = await register(person({ roleId: ids.customer }));
    expect(customerRole.status).toBe(400);
    expect(customerRole.body.fields).toHaveProperty('roleId');
    const unknownDepartment = await register(person({ username: 'atomic', departmentId: 99999, salary: 100 }));
    expect(unknownDepartment.status).toBe(400);
    expect(unknownDepartment.body.fields).toHaveProperty('departmentId');
    // nothing of the refused registration was kept: the username is still free
    expect((await register(person({ username: 'atomic' }))).status).toBe(201);
    const backwards = await register(
      person({ designationId: ids.designation, designationStartDate: '2024-05-01', designationEndDate: '2024-04-01' }),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toHaveProperty('designationEndDate');
  });

  test('409 naming the field when username, email or employee id is taken, whatever the letter case', async () => {
    await register(person({ username: 'taken', email: 'taken@example.com', employeeId: 'EMP-7' }));
    const cases: [object, string][] = [
      [{ username: 'TAKEN' }, 'username'],
      [{ email: 'TAKEN@example.com' }, 'email'],
      [{ employeeId: 'emp-7' }, 'employeeId'],
      [{ username: ownerUsername.toUpperCase() }, 'username'],
    ];
    for (const [change, field] of cases) {
      const answer = await register(person(change));
      expect(answer.status, field).toBe(409);
      expect(answer.body.fields, field).toEqual({ [field]: 'already exists' });
    }
  });

  test('401 without a token, 403 without create-user or for a customer', async () => {
    expect((await t.call('POST', '/v1/user/register', { body: person() })).status).toBe(401);
    expect((await register(person(), (await t.staffWith(['readAll-user'])).token)).status).toBe(403);
    expect((await register(person(), (await t.customerToken()).token)).status).toBe(403);
  });

  test('only a super-admin can create a super-admin; staff give only roles within their own', async () => {
    const hr = await t.staffWith(['create-user', 'readAll-product']);
    const helper = await roleWith('Shelf helper', ['readAll-product']);
    const lead = await roleWith('Shift lead', ['readAll-product', 'delete-user']);
    expect((await register(person({ roleId: helper }), hr.token)).status).toBe(201);
    const stronger = await register(person({ roleId: lead }), hr.token); // it holds delete-user, hr's role does not
    expect(stronger.status).toBe(403);
    expect(stronger.body.error).toMatch(/delete-user/);
    expect(stronger.body.error).toMatch(/only give a role whose permissions your own role holds/);
    expect((await register(person({ roleId: ids.superAdmin }), hr.token)).status).toBe(403);
    expect((await register(person({ roleId: ids.superAdmin }))).status).toBe(201);
    expect(await register(person())).toMatchObject({ status: 201 });
  });

  test('staff holding update-user cannot move themselves into a stronger role', async () => {
    const clerk = await t.staffWith(['update-user', 'readAll-user']);
    const boss = await roleWith('Back office', ['update-user', 'readAll-user', 'update-setting']);
    const moved = await t.call('PUT', `/v1/user/${clerk.userId}`, { token: clerk.token, body: { roleId: boss } });
    expect(moved.status).toBe(403);
    const me = await t.call('GET', `/v1/user/${clerk.userId}`, { token: owner });
    expect(me.body.roleId).toBe(clerk.roleId);
    // the owner may
    expect((await t.call('PUT', `/v1/user/${clerk.userId}`, { token: owner, body: { roleId: boss } })).status).toBe(200);
  });
});

describe('GET user/:id', () => {
  test('404 for an unknown id, 400 for a malformed one, 401 and 403 for outsiders', async () => {
    expect((await t.call('GET', '/v1/user/99999', { token: owner })).status).toBe(404);
    const malformed = await t.call('GET', '/v1/user/abc', { token: owner });
    expect([malformed.status, malformed.body.fields]).toEqual([400, { id: 'must be a positive whole number' }]);
    expect((await t.call('GET', `/v1/user/${ids.ownerId}`)).status).toBe(401);
    expect((await t.call('GET', `/v1/user/${ids.ownerId}`, { token: (await t.staffWith(['readAll-user'])).token })).status).toBe(403);
    expect((await t.call('GET', `/v1/user/${ids.ownerId}`, { token: (await t.staffWith(['readSingle-user'])).token })).status).toBe(200);
  });
});

describe('PUT user/:id', () => {
  test("updates fields; a new password replaces the old one and ends that user's sessions", async () => {
    const user = await register(person({ username: 'changer', password: 'first-password' }));
    const session = await t.login('changer', 'first-password');
    const updated = await t.call('PUT', `/v1/user/${user.body.id}`, {
      token: owner,
      body: { firstName: 'Augusta', city: 'London', password: 'second-password', departmentId: ids.department },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ firstName: 'Augusta', city: 'London', departmentId: ids.department, username: 'changer' });
    expect(updated.body).not.toHaveProperty('password');
    expect((await t.login('changer', 'first-password')).status).toBe(401);
    expect((await t.login('changer', 'second-password')).status).toBe(200);
    const oldCookie = session.cookies.find((c) => c.name === 'refreshToken')!.value;
    expect((await t.call('GET', '/v1/user/refresh-token', { cookies: { refreshToken: oldCookie } })).status).toBe(401);
  });

  test('uniqueness is checked against other users only', async () => {
    const a = await register(person({ username: 'alpha', email: 'alpha@example.com' }));
    await register(person({ username: 'beta' }));
    expect(
      (await t.call('PUT', `/v1/user/${a.body.id}`, { token: owner, body: { username: 'Alpha', email: 'alpha@example.com' } })).status,
    ).toBe(200);
    const clash = await t.call('PUT', `/v1/user/${a.body.id}`, { token: owner, body: { username: 'BETA' } });
    expect([clash.status, clash.body.fields]).toEqual([409, { username: 'already exists' }]);
  });

  test('400 for an empty or malformed body, 404 for an unknown user, 401 and 403 for outsiders', async () => {
    const user = await register(person());
    expect((await t.call('PUT', `/v1/user/${user.body.id}`, { token: owner, body: {} })).status).toBe(400);
    const bad = await t.call('PUT', `/v1/user/${user.body.id}`, { token: owner, body: { email: 'nope', firstName: '' } });
    expect(Object.keys(bad.body.fields).sort()).toEqual(['email', 'firstName']);
    const backwards = await t.call('PUT', `/v1/user/${user.body.id}`, {
      token: owner,
      body: { joinDate: '2024-05-01', leaveDate: '2024-01-01' },
    });
    expect([backwards.status, Object.keys(backwards.body.fields)]).toEqual([400, ['leaveDate']]);
    expect((await t.call('PUT', '/v1/user/99999', { token: owner, body: { city: 'Paris' } })).status).toBe(404);
    expect((await t.call('PUT', `/v1/user/${user.body.id}`, { body: { city: 'Paris' } })).status).toBe(401);
    expect(
      (await t.call('PUT', `/v1/user/${user.body.id}`, { token: (await t.staffWith(['readSingle-user'])).token, body: { city: 'Paris' } }))
        .status,
    ).toBe(403);
  });

  test('a non-super-admin cannot change a super-admin; the last super-admin keeps the role', async () => {
    const hr = await t.staffWith(['update-user']);
    expect((await t.call('PUT', `/v1/user/${ids.ownerId}`, { token: hr.token, body: { password: 'taken-over-now' } })).status).toBe(403);
    expect((await t.call('PUT', `/v1/user/${hr.userId}`, { token: hr.token, body: { roleId: ids.superAdmin } })).status).toBe(403);
    // every other super-admin created in this file is hidden first, so the owner is the last one
    const list = await t.call('GET', '/v1/user', { token: owner, query: { roleId: String(ids.superAdmin), query: 'all' } });
    for (const u of list.body.getAllUser.filter((u: { id: number }) => u.id !== ids.ownerId)) {
      expect((await t.call('PATCH', `/v1/user/${u.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    }
    const demote = await t.call('PUT', `/v1/user/${ids.ownerId}`, { token: owner, body: { roleId: ids.manager } });
    expect(demote.status).toBe(409);
    expect((await t.call('PUT', `/v1/user/${ids.ownerId}`, { token: owner, body: { city: 'Lisbon' } })).status).toBe(200);
  });
});

describe('PATCH user/:id', () => {
  test('hides and restores a user; a hidden user cannot log in', async () => {
    await register(person({ username: 'leaver', password: 'leaver-password' }));
    const id = (await t.login('leaver', 'leaver-password')).body.id;
    const hidden = await t.call('PATCH', `/v1/user/${id}`, { token: owner, body: { status: 'false' } });
    expect([hidden.status, hidden.body.status]).toEqual([200, 'false']);
    expect((await t.login('leaver', 'leaver-password')).status).toBe(401);
    const restored = await t.call('PATCH', `/v1/user/${id}`, { token: owner, body: { status: 'true' } });
    expect(restored.body.status).toBe('true');
    expect((await t.login('leaver', 'leaver-password')).status).toBe(200);
  });

  test('409 hiding your own account, 400 for a bad status, 404, 401 and 403', async () => {
    const self = await t.call('PATCH', `/v1/user/${ids.ownerId}`, { token: owner, body: { status: 'false' } });
    expect([self.status, self.body.code]).toEqual([409, 'conflict']);
    const user = await register(person());
    const bad = await t.call('PATCH', `/v1/user/${user.body.id}`, { token: owner, body: { status: 'maybe' } });
    expect([bad.status, Object.keys(bad.body.fields)]).toEqual([400, ['status']]);
    expect((await t.call('PATCH', '/v1/user/99999', { token: owner, body: { status: 'false' } })).status).toBe(404);
    expect((await t.call('PATCH', `/v1/user/${user.body.id}`, { body: { status: 'false' } })).status).toBe(401);
    const hr = await t.staffWith(['update-user']);
    expect((await t.call('PATCH', `/v1/user/${user.body.id}`, { token: hr.token, body: { status: 'false' } })).status).toBe(403);
    const remover = await t.staffWith(['delete-user']);
    expect((await t.call('PATCH', `/v1/user/${ids.ownerId}`, { token: remover.token, body: { status: 'false' } })).status).toBe(403);
    expect((await t.call('PATCH', `/v1/user/${user.body.id}`, { token: remover.token, body: { status: 'false' } })).status).toBe(200);
  });
});
