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

describe('hidden permissions are still grants', () => {
  const hide = (token: string, name: string, status: 'true' | 'false' = 'false') =>
    t.call('PATCH', `/v1/permission/${ids.get(name)}`, { token, body: { status } });
  const roleWith = async (name: string, names: string[]) => {
    const id = await newRole(name);
    expect((await grant(owner, id, names)).status).toBe(200);
    return id;
  };
  const roleOf = async (userId: number) => (await t.call('GET', `/v1/user/${userId}`, { token: owner })).body.roleId as number;

  test('switching a permission off or on is for a super-admin only, even with delete-permission', async () => {
    const clerk = await t.staffWith(['update-user', 'delete-permission', 'readAll-permission']);
    const strong = await roleWith('Strong (hidden by a clerk)', ['update-user', 'update-setting']);
    const off = await hide(clerk.token, 'update-setting');
    expect([off.status, off.body.code]).toEqual([403, 'forbidden']);
    expect(off.body.error).toBe('Only a super-admin can switch a permission off or on');
    const hidden = await t.call('GET', '/v1/permission', { token: owner, query: { status: 'false' } });
    expect(hidden.body.totalPermission).toBe(0);
    // so the stronger role still holds what the clerk lacks, and the clerk cannot take it
    const moved = await t.call('PUT', `/v1/user/${clerk.userId}`, { token: clerk.token, body: { roleId: strong } });
    expect(moved.status).toBe(403);
    expect(await roleOf(clerk.userId)).toBe(clerk.roleId);
    // PUT carries no status: it cannot switch one off either
    const put = await t.call('PUT', `/v1/permission/${ids.get('update-setting')}`, {
      token: (await t.staffWith(['update-permission'])).token,
      body: { name: 'update-setting', status: 'false' },
    });
    expect([put.status, put.body.status]).toEqual([200, 'true']);
    // the owner may switch one off and on
    expect((await hide(owner, 'readAll-uom')).body.status).toBe('false');
    expect((await hide(owner, 'readAll-uom', 'true')).body.status).toBe('true');
  });

  test('a role whose stronger grants are switched off is still stronger: no register, move or grant of it', async () => {
    const clerk = await t.staffWith(['create-user', 'update-user', 'create-rolePermission', 'readAll-product']);
    const strong = await roleWith('Strong (hidden by the owner)', ['readAll-product', 'update-setting', 'delete-user']);
    expect((await hide(owner, 'update-setting')).status).toBe(200);
    expect((await hide(owner, 'delete-user')).status).toBe(200);
    try {
      const moved = await t.call('PUT', `/v1/user/${clerk.userId}`, { token: clerk.token, body: { roleId: strong } });
      expect(moved.status).toBe(403);
      const lacking = ['delete-user', 'update-setting'].sort((a, b) => ids.get(a)! - ids.get(b)!).join(', ');
      expect(moved.body.error).toBe(`You may only give a role whose permissions your own role holds; it also holds ${lacking}`);
      expect(await roleOf(clerk.userId)).toBe(clerk.roleId);
      const registered = await t.call('POST', '/v1/user/register', {
        token: clerk.token,
        body: { firstName: 'Friend', lastName: 'Of a clerk', username: 'clerks-friend', password: 'friend-password-1', roleId: strong },
      });
      expect(registered.status).toBe(403);
      expect(registered.body.error).toMatch(/update-setting/);
      // nor can the clerk add the hidden grant to its own role, to be switched on later
      const granted = await grant(clerk.token, clerk.roleId, [
        'create-user',
        'update-user',
        'create-rolePermission',
        'readAll-product',
        'update-setting',
      ]);
      expect(granted.status).toBe(403);
      expect(granted.body.error).toMatch(/update-setting/);
      expect(await held(clerk.roleId)).toEqual(['create-rolePermission', 'create-user', 'readAll-product', 'update-user']);
    } finally {
      await hide(owner, 'update-setting', 'true');
      await hide(owner, 'delete-user', 'true');
    }
  });

  test("a password may be set only on an account whose role's grants the setter's role holds", async () => {
    const clerk = await t.staffWith(['update-user', 'readAll-product']);
    const boss = await t.staffWith(['update-user', 'readAll-product', 'update-setting']);
    const peer = await t.staffWith(['readAll-product']);
    const takeover = await t.call('PUT', `/v1/user/${boss.userId}`, { token: clerk.token, body: { password: 'taken-over-now' } });
    expect(takeover.status).toBe(403);
    expect(takeover.body.error).toBe(
      "You may only set the password of an account whose role's permissions your own role holds; it also holds update-setting",
    );
    expect((await t.login(boss.username, boss.password)).status).toBe(200);
    // other fields of that account, a weaker account's password and one's own are the clerk's to change
    expect((await t.call('PUT', `/v1/user/${boss.userId}`, { token: clerk.token, body: { city: 'Leeds' } })).status).toBe(200);
    expect((await t.call('PUT', `/v1/user/${peer.userId}`, { token: clerk.token, body: { password: 'new-peer-password' } })).status).toBe(
      200,
    );
    expect((await t.login(peer.username, 'new-peer-password')).status).toBe(200);
    expect((await t.call('PUT', `/v1/user/${clerk.userId}`, { token: clerk.token, body: { password: 'new-clerk-password' } })).status).toBe(
      200,
    );
    // the owner may set anyone's
    expect((await t.call('PUT', `/v1/user/${boss.userId}`, { token: owner, body: { password: 'reset-by-owner' } })).status).toBe(200);
  });
});
