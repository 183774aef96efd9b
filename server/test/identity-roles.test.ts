import { allPermissionNames, roleNames } from '@tillbook/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
let permissionIds: Map<string, number>;
const role = (name: string) => t.call('POST', '/v1/role', { token: owner, body: { name } });
const roleIdOf = async (name: string) =>
  (await t.call('GET', '/v1/role', { token: owner, query: { query: 'all' } })).body.getAllRole.find(
    (r: { name: string }) => r.name === name,
  ).id as number;
const grant = (roleId: number, names: string[], token = owner) =>
  t.call('POST', '/v1/role-permission', { token, body: { roleId, permissionId: names.map((n) => permissionIds.get(n)!) } });
const readSet = (roleId: number | string, token = owner) =>
  t.call('GET', '/v1/role-permission/permission', { token, query: { roleId: String(roleId) } });

beforeAll(async () => {
  owner = await t.ownerToken();
  const all = await t.call('GET', '/v1/permission', { token: owner, query: { query: 'all' } });
  permissionIds = new Map(all.body.getAllPermission.map((p: { id: number; name: string }) => [p.name, p.id]));
});

describe('roles', () => {
  test('create, read with permissions, list, rename and hide', async () => {
    const created = await role('Till operator');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Till operator', status: 'true' });
    const id = created.body.id;
    await grant(id, ['readAll-product', 'create-saleInvoice']);
    const single = await t.call('GET', `/v1/role/${id}`, { token: owner });
    expect(single.body).toMatchObject({ id, name: 'Till operator', status: 'true' });
    expect(single.body.permissions.map((p: { name: string }) => p.name).sort()).toEqual(['create-saleInvoice', 'readAll-product']);
    expect(single.body.permissions[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });

    const list = await t.call('GET', '/v1/role', { token: owner, query: { page: '1', count: '50', status: 'true' } });
    expect(Object.keys(list.body).sort()).toEqual(['getAllRole', 'totalRole']);
    // the seeded roles plus this one
    expect(list.body.totalRole).toBe(roleNames.length + 1);
    const search = await t.call('GET', '/v1/role', { token: owner, query: { query: 'search', key: 'operat' } });
    expect(search.body.getAllRole.map((r: { name: string }) => r.name)).toEqual(['Till operator']);

    const renamed = await t.call('PUT', `/v1/role/${id}`, { token: owner, body: { name: 'Till operator' } });
    expect([renamed.status, renamed.body.name]).toEqual([200, 'Till operator']);
    const hidden = await t.call('PATCH', `/v1/role/${id}`, { token: owner, body: { status: 'false' } });
    expect(hidden.body.status).toBe('false');
    const active = await t.call('GET', '/v1/role', { token: owner, query: { query: 'all' } });
    expect(active.body.getAllRole.map((r: { name: string }) => r.name)).not.toContain('Till operator');
  });

  test('createmany makes several roles at once, all or none', async () => {
    const many = await t.call('POST', '/v1/role', {
      token: owner,
      query: { query: 'createmany' },
      body: [{ name: 'Baker' }, { name: 'Butcher' }],
    });
    expect(many.status).toBe(201);
    expect(many.body.count).toBe(2);
    const clash = await t.call('POST', '/v1/role', {
      token: owner,
      query: { query: 'createmany' },
      body: [{ name: 'Florist' }, { name: 'baker' }],
    });
    expect([clash.status, clash.body.fields]).toEqual([409, { '1.name': 'already exists' }]);
    const florist = await t.call('GET', '/v1/role', { token: owner, query: { query: 'search', key: 'Florist' } });
    expect(florist.body.totalRole).toBe(0);
  });

  test('409 on a duplicate name in any letter case; 400, 404, 401 and 403', async () => {
    await role('Stock clerk');
    const dup = await role('STOCK CLERK');
    expect([dup.status, dup.body.fields]).toEqual([409, { name: 'already exists' }]);
    const other = await role('Cleaner');
    expect((await t.call('PUT', `/v1/role/${other.body.id}`, { token: owner, body: { name: 'stock clerk' } })).status).toBe(409);
    expect((await role('')).body.fields).toEqual({ name: 'is required' });
    expect((await t.call('GET', '/v1/role/99999', { token: owner })).status).toBe(404);
    expect((await t.call('PATCH', '/v1/role/99999', { token: owner, body: { status: 'false' } })).status).toBe(404);
    expect((await t.call('GET', '/v1/role')).status).toBe(401);
    const reader = await t.staffWith(['readAll-role']);
    expect((await t.call('GET', '/v1/role', { token: reader.token })).status).toBe(200);
    expect((await t.call('POST', '/v1/role', { token: reader.token, body: { name: 'Nope' } })).status).toBe(403);
  });

  test('the built-in super-admin and customer roles can be neither renamed nor hidden', async () => {
    const superAdmin = await roleIdOf('super-admin');
    const customer = await roleIdOf('customer');
    for (const id of [superAdmin, customer]) {
      const rename = await t.call('PUT', `/v1/role/${id}`, { token: owner, body: { name: 'something else' } });
      expect([rename.status, rename.body.code]).toEqual([409, 'conflict']);
      expect((await t.call('PATCH', `/v1/role/${id}`, { token: owner, body: { status: 'false' } })).status).toBe(409);
    }
    expect((await t.call('GET', `/v1/role/${superAdmin}`, { token: owner })).body.permissions).toHaveLength(allPermissionNames.length);
    // other seeded roles are the shop's to change
    expect((await t.call('PUT', `/v1/role/${await roleIdOf('cashier')}`, { token: owner, body: { name: 'sales assistant' } })).status).toBe(
      200,
    );
  });
});

describe('permissions', () => {
  test("lists the catalogue with the spec's keys; query=all gives every active name", async () => {
    const page = await t.call('GET', '/v1/permission', { token: owner });
    expect(Object.keys(page.body).sort()).toEqual(['getAllPermission', 'totalPermission']);
    expect(page.body.totalPermission).toBe(allPermissionNames.length);
    expect(page.body.getAllPermission).toHaveLength(10);
    const all = await t.call('GET', '/v1/permission', { token: owner, query: { query: 'all' } });
    expect(all.body.getAllPermission.map((p: { name: string }) => p.name).sort()).toEqual([...allPermissionNames].sort());
  });

  test('names are fixed: PUT keeps the name, a rename is refused, and there is no POST', async () => {
    const id = permissionIds.get('readAll-uom')!;
    const same = await t.call('PUT', `/v1/permission/${id}`, { token: owner, body: { name: 'readAll-uom' } });
    expect([same.status, same.body.name]).toEqual([200, 'readAll-uom']);
    const rename = await t.call('PUT', `/v1/permission/${id}`, { token: owner, body: { name: 'read-units' } });
    expect([rename.status, rename.body.fields]).toEqual([409, { name: 'cannot be changed' }]);
    expect((await t.call('POST', '/v1/permission', { token: owner, body: { name: 'fly-rocket' } })).status).toBe(404);
    expect((await t.call('PUT', '/v1/permission/99999', { token: owner, body: { name: 'x' } })).status).toBe(404);
  });

  test('hiding a permission switches it off for every role until it is shown again', async () => {
    const staff = await t.staffWith(['readAll-uom']);
    const id = permissionIds.get('readAll-uom')!;
    expect((await t.call('GET', '/v1/uom', { token: staff.token })).status).toBe(200);
    const hidden = await t.call('PATCH', `/v1/permission/${id}`, { token: owner, body: { status: 'false' } });
    expect(hidden.body.status).toBe('false');
    expect((await t.call('GET', '/v1/uom', { token: staff.token })).status).toBe(403);
    expect((await readSet(staff.roleId, staff.token)).body).toEqual({ permissions: [], totalPermissions: 0 });
    expect((await t.call('GET', '/v1/permission', { token: owner, query: { status: 'false' } })).body.totalPermission).toBe(1);
    await t.call('PATCH', `/v1/permission/${id}`, { token: owner, body: { status: 'true' } });
    expect((await t.call('GET', '/v1/uom', { token: staff.token })).status).toBe(200);
  });

  test('delete-permission cannot be hidden (nobody could show permissions again)', async () => {
    const answer = await t.call('PATCH', `/v1/permission/${permissionIds.get('delete-permission')}`, {
      token: owner,
      body: { status: 'false' },
    });
    expect(answer.status).toBe(409);
  });
});

describe('role-permission', () => {
  test("POST replaces the role's whole set and answers the names", async () => {
    const id = (await role('Packer')).body.id;
    const first = await grant(id, ['readAll-product', 'readAll-cartOrder']);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      roleId: id,
      permissions: ['readAll-product', 'readAll-cartOrder'].sort((a, b) => permissionIds.get(a)! - permissionIds.get(b)!),
    });
    const second = await grant(id, ['readAll-cartOrder', 'update-cartOrder', 'update-cartOrder']);
    expect(second.body.permissions.sort()).toEqual(['readAll-cartOrder', 'update-cartOrder']);
    const read = await readSet(id);
    expect(read.body.permissions.sort()).toEqual(['readAll-cartOrder', 'update-cartOrder']);
    expect(read.body.totalPermissions).toBe(2);
    expect((await grant(id, [])).body.permissions).toEqual([]);
    expect((await readSet(id)).body).toEqual({ permissions: [], totalPermissions: 0 });
  });

  test('400 for unknown permission ids or a bad body, 404 for an unknown role, 409 for super-admin', async () => {
    const id = (await role('Driver')).body.id;
    const unknown = await t.call('POST', '/v1/role-permission', {
      token: owner,
      body: { roleId: id, permissionId: [permissionIds.get('readAll-product'), 99999] },
    });
    expect([unknown.status, Object.keys(unknown.body.fields)]).toEqual([400, ['permissionId']]);
    expect(unknown.body.error).toBe('Permissions hold ids that do not exist: 99999');
    const bad = await t.call('POST', '/v1/role-permission', { token: owner, body: { roleId: 'x', permissionId: 'all' } });
    expect(Object.keys(bad.body.fields).sort()).toEqual(['permissionId', 'roleId']);
    expect((await grant(99999, ['readAll-product'])).status).toBe(404);
    const superAdmin = await grant(await roleIdOf('super-admin'), ['readAll-product']);
    expect([superAdmin.status, superAdmin.body.code]).toEqual([409, 'conflict']);
    expect((await readSet(await roleIdOf('super-admin'))).body.totalPermissions).toBe(allPermissionNames.length);
  });

  test('401 and 403 on POST', async () => {
    const id = (await role('Guard')).body.id;
    expect((await t.call('POST', '/v1/role-permission', { body: { roleId: id, permissionId: [] } })).status).toBe(401);
    const reader = await t.staffWith(['readAll-rolePermission']);
    expect((await grant(id, [], reader.token)).status).toBe(403);
    expect((await grant(id, [], (await t.customerToken()).token)).status).toBe(403);
  });

  test("staff read their own role's set; another role's needs readAll-rolePermission", async () => {
    const plain = await t.staffWith(['readAll-product']);
    const own = await readSet(plain.roleId, plain.token);
    expect(own.body).toEqual({ permissions: ['readAll-product'], totalPermissions: 1 });
    const superAdmin = await roleIdOf('super-admin');
    expect((await readSet(superAdmin, plain.token)).status).toBe(403);
    // an unknown role looks the same as another role to someone who may not look
    expect((await readSet(99999, plain.token)).status).toBe(403);
    const auditor = await t.staffWith(['readAll-rolePermission']);
    expect((await readSet(plain.roleId, auditor.token)).body.permissions).toEqual(['readAll-product']);
    expect((await readSet(99999, auditor.token)).status).toBe(404);
  });

  test('roleId missing or malformed is a 400 naming it; customers and anonymous callers are refused', async () => {
    const missing = await t.call('GET', '/v1/role-permission/permission', { token: owner });
    expect([missing.status, Object.keys(missing.body.fields)]).toEqual([400, ['roleId']]);
    for (const value of ['abc', '1.5', '-2']) expect((await readSet(value)).body.fields, value).toHaveProperty('roleId');
    expect((await readSet(1, (await t.customerToken()).token)).status).toBe(403);
    expect((await t.call('GET', '/v1/role-permission/permission', { query: { roleId: '1' } })).status).toBe(401);
  });

  test("a change to a role's set takes effect on the next call of its users", async () => {
    const staff = await t.staffWith(['readAll-department']);
    expect((await t.call('GET', '/v1/department', { token: staff.token })).status).toBe(200);
    await grant(staff.roleId, []);
    expect((await t.call('GET', '/v1/department', { token: staff.token })).status).toBe(403);
    await grant(staff.roleId, ['readAll-department', 'create-department']);
    expect((await t.call('POST', '/v1/department', { token: staff.token, body: { name: 'Bakery' } })).status).toBe(201);
  });

  test("hiding a role takes its users' access away until it is shown again", async () => {
    const staff = await t.staffWith(['readAll-department']);
    await t.call('PATCH', `/v1/role/${staff.roleId}`, { token: owner, body: { status: 'false' } });
    const refused = await t.call('GET', '/v1/department', { token: staff.token });
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden']);
    await t.call('PATCH', `/v1/role/${staff.roleId}`, { token: owner, body: { status: 'true' } });
    expect((await t.call('GET', '/v1/department', { token: staff.token })).status).toBe(200);
  });
});
