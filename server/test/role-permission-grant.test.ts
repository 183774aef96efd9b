import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
let ids: Map<string, number>;
beforeAll(async () => {
  owner = await t.ownerToken();
  const all = await t.call('GET', '/v1/permission', { token: owner, query: { query: 'all' } });
  ids = new Map((all.body.getAllPermission as { id: number; name: string }[]).map((p) => [p.name, p.id]));
});

const grant = (token: string, roleId: number, names: string[]) =>
  t.call('POST', '/v1/role-permission', { token, body: { roleId, permissionId: names.map((n) => ids.get(n)!) } });
const held = async (roleId: number): Promise<string[]> =>
  (await t.call('GET', '/v1/role-permission/permission', { token: owner, query: { roleId: String(roleId) } })).body.permissions.sort();
const newRole = async (name: string) => (await t.call('POST', '/v1/role', { token: owner, body: { name } })).body.id as number;

const managerGrants = ['create-rolePermission', 'readAll-product', 'create-product'];

describe('granting permissions', () => {
  test('a role holding create-rolePermission cannot grant itself every permission: 403 naming what it lacks, nothing written', async () => {
    const manager = await t.staffWith(managerGrants, 'Escalating manager');
    const every = [...ids.keys()];
    const answer = await grant(manager.token, manager.roleId, every);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('forbidden');
    expect(answer.body.error).toMatch(/delete-user/);
    expect(answer.body.error).toMatch(/create-role(?![A-Za-z])/);
    expect(answer.body.error).not.toMatch(/create-product(?![A-Za-z])/);
    expect(await held(manager.roleId)).toEqual([...managerGrants].sort());
    // and its tokens still cannot do what it tried to take
    expect((await t.call('GET', '/v1/user', { token: manager.token })).status).toBe(403);
  });

  test('one missing permission among held ones refuses the whole change', async () => {
    const manager = await t.staffWith(managerGrants);
    const answer = await grant(manager.token, manager.roleId, [...managerGrants, 'update-setting']);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(/update-setting/);
    expect(await held(manager.roleId)).toEqual([...managerGrants].sort());
  });

  test('granting permissions it holds works, to its own role and to another', async () => {
    const manager = await t.staffWith(managerGrants);
    const own = await grant(manager.token, manager.roleId, managerGrants);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const cashier = await newRole('Cashier (granted by a manager)');
    const answer = await grant(manager.token, cashier, ['readAll-product', 'create-product']);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.permissions.sort()).toEqual(['create-product', 'readAll-product']);
    expect(await held(cashier)).toEqual(['create-product', 'readAll-product']);
    // nor can it hand another role what it does not hold
    const more = await grant(manager.token, cashier, ['readAll-product', 'readAll-user']);
    expect(more.status).toBe(403);
    expect(await held(cashier)).toEqual(['create-product', 'readAll-product']);
  });

  test('what the other role already holds may stay or go (the role screen sends the whole set); it is not a grant', async () => {
    const manager = await t.staffWith(managerGrants);
    const auditor = await newRole('Auditor (kept by a manager)');
    expect((await grant(owner, auditor, ['readAll-user', 'readAll-product'])).status).toBe(200);
    const kept = await grant(manager.token, auditor, ['readAll-user', 'readAll-product', 'create-product']);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await held(auditor)).toEqual(['create-product', 'readAll-product', 'readAll-user']);
    expect((await grant(manager.token, auditor, ['readAll-product'])).status).toBe(200);
    expect(await held(auditor)).toEqual(['readAll-product']);
    // once removed, it is a grant again
    expect((await grant(manager.token, auditor, ['readAll-product', 'readAll-user'])).status).toBe(403);
  });

  test('a super-admin may grant anything', async () => {
    const role = await newRole('Everything (granted by the owner)');
    const every = [...ids.keys()];
    const answer = await grant(owner, role, every);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await held(role)).toEqual(every.sort());
  });
});
