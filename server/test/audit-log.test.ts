import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/**
 * Who changed what (issue 34): every create, update, status change and delete of a record writes one row of the
 * audit log in its own transaction, with the caller and the old and new values; a change that changes nothing,
 * or is refused, writes none; secrets never enter it; the database refuses to alter a written row.
 */
const t = useTestApp();
let owner: string;
let ownerId: number;
let clerk: { token: string; userId: number; roleId: number; username: string };

type Change = { field: string; old: unknown; new: unknown };
type Logged = {
  entity: string;
  entityId: string;
  action: string;
  actorType: string;
  actorId: number | null;
  actorName: string | null;
  changes: Change[];
};

const history = async (entity: string, id: number) => {
  const answer = await t.call('GET', `/v1/audit-log/${entity}/${id}`, { token: owner });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.getAllAuditLog as Logged[];
};
const logRows = async () => Number((await rows(t, sql`select count(*)::int as n from audit_log`))[0].n);

beforeAll(async () => {
  owner = await t.ownerToken();
  ownerId = (await t.call('GET', '/v1/user', { token: owner, query: { query: 'search', key: 'owner' } })).body.getAllUser?.[0]?.id;
  clerk = await t.staffWith(['create-color', 'update-color', 'readAll-color', 'readSingle-color'], 'audit-clerk');
});

describe('a plain resource', () => {
  test('its create, update and status change write one row each, with who and what changed; an update that changes nothing writes none', async () => {
    const made = await t.call('POST', '/v1/product-color', { token: clerk.token, body: { name: 'Audit teal', colorCode: '#008080' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as number;
    const renamed = await t.call('PUT', `/v1/product-color/${id}`, { token: clerk.token, body: { name: 'Audit petrol' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const before = await logRows();
    expect((await t.call('PUT', `/v1/product-color/${id}`, { token: clerk.token, body: { name: 'Audit petrol' } })).status).toBe(200);
    expect(await logRows()).toBe(before);
    const hidden = await t.call('PATCH', `/v1/product-color/${id}`, { token: owner, body: { status: 'false' } });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);

    const logged = await history('color', id);
    expect(logged.map((r) => [r.action, r.actorType, r.actorId])).toEqual([
      ['status', 'user', ownerId],
      ['update', 'user', clerk.userId],
      ['create', 'user', clerk.userId],
    ]);
    // in the API's own format: a status is 'true' or 'false'
    expect(logged[0]!.changes).toEqual([{ field: 'status', old: 'true', new: 'false' }]);
    expect(logged[1]!.changes).toEqual([{ field: 'name', old: 'Audit teal', new: 'Audit petrol' }]);
    expect(logged[2]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', old: null, new: 'Audit teal' },
        { field: 'colorCode', old: null, new: '#008080' },
      ]),
    );
    expect(logged[1]!.actorName).toBe(clerk.username);
  });

  test('a refused change writes nothing', async () => {
    const taken = await t.call('POST', '/v1/product-color', { token: owner, body: { name: 'Audit twin', colorCode: '#111111' } });
    expect(taken.status).toBe(201);
    const before = await logRows();
    const twin = await t.call('POST', '/v1/product-color', { token: owner, body: { name: 'Audit twin', colorCode: '#222222' } });
    expect(twin.status).toBe(409);
    expect(await logRows()).toBe(before);
  });
});

describe('a document', () => {
  test('a sale is one row (its number, given at the commit, folded in); undoing it is one status row', async () => {
    const { cash } = await paymentMethods(t, owner);
    const product = await referenceProduct(t, 5);
    const sold = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 13.2 }] },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const id = sold.body.createdInvoice.id as number;
    const created = await history('saleInvoice', id);
    expect(created.map((r) => r.action)).toEqual(['create']);
    expect(created[0]!.changes).toContainEqual({ field: 'number', old: null, new: sold.body.createdInvoice.number });
    // the stock it moved is the stock ledger's: the product's history has no row for it
    expect((await history('product', product.id)).filter((r) => r.action === 'update')).toEqual([]);

    const undone = await t.call('PATCH', `/v1/sale-invoice/${id}`, { token: owner, body: { status: 'false' } });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const after = await history('saleInvoice', id);
    expect(after.map((r) => r.action)).toEqual(['status', 'create']);
    expect(after[0]!.changes).toEqual([
      { field: 'state', old: 'completed', new: 'deleted' },
      { field: 'status', old: 'true', new: 'false' },
    ]);
  });
});

describe('the log', () => {
  test('a setting changed is one row with its old and new value', async () => {
    const before = (await t.call('GET', '/v1/setting', { token: owner })).body;
    const changed = await t.call('POST', '/v1/setting', { token: owner, body: { companyName: 'Audited shop' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const logged = (await t.call('GET', '/v1/audit-log', { token: owner, query: { entity: 'setting', field: 'companyName' } })).body;
    expect(logged.getAllAuditLog[0]).toMatchObject({
      entity: 'setting',
      action: 'update',
      actorType: 'user',
      changes: [{ field: 'companyName', old: before.companyName ?? null, new: 'Audited shop' }],
    });
  });

  test("a role's permissions replaced are one row of the role, the set before and after", async () => {
    const role = await t.call('POST', '/v1/role', { token: owner, body: { name: 'Audit role' } });
    const all = (await t.call('GET', '/v1/permission', { token: owner, query: { query: 'all' } })).body.getAllPermission as {
      id: number;
      name: string;
    }[];
    const idOf = (name: string) => all.find((p) => p.name === name)!.id;
    const give = (names: string[]) =>
      t.call('POST', '/v1/role-permission', { token: owner, body: { roleId: role.body.id, permissionId: names.map(idOf) } });
    expect((await give(['readAll-color', 'readAll-uom'])).status).toBe(200);
    expect((await give(['readAll-color', 'readAll-department'])).status).toBe(200);
    const logged = (await history('role', role.body.id)).filter((r) => r.changes.some((c) => c.field === 'permissions'));
    expect(logged.map((r) => r.changes)).toEqual([
      // in the catalogue's order (staff records before the catalogue)
      [{ field: 'permissions', old: ['readAll-color', 'readAll-uom'], new: ['readAll-department', 'readAll-color'] }],
      [{ field: 'permissions', old: [], new: ['readAll-color', 'readAll-uom'] }],
    ]);
  });

  test("secrets never enter it: a user's password, a mail server's password", async () => {
    const made = await t.call('POST', '/v1/user/register', {
      token: owner,
      body: { firstName: 'Sec', lastName: 'Ret', username: 'audit-secret', password: 'very-secret-pass-1', roleId: clerk.roleId },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await history('user', made.body.id)).map((r) => r.action)).toEqual(['create']);
    const all = await rows(t, sql`select changes::text as changes from audit_log`);
    const text = all.map((r) => r.changes).join('\n');
    expect(text).not.toMatch(/"password"|"token_hash"|"email_pass"|\$argon|\$2[aby]\$/);
  });

  test('filtered by user, action and entity; reading it is its own permission', async () => {
    const mine = await t.call('GET', '/v1/audit-log', {
      token: owner,
      query: { userId: String(clerk.userId), entity: 'color', action: 'create' },
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.totalAuditLog).toBeGreaterThan(0);
    expect(mine.body.getAllAuditLog.every((r: Logged) => r.actorId === clerk.userId && r.action === 'create' && r.entity === 'color')).toBe(
      true,
    );
    expect((await t.call('GET', '/v1/audit-log', { token: clerk.token })).status).toBe(403);
  });

  test('the database refuses to change or remove a written row', async () => {
    const [row] = await rows(t, sql`select id from audit_log order by id limit 1`);
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'done',
        (error: { cause?: { message?: string } }) => error.cause?.message,
      );
    expect(await refusal(sql`update audit_log set action = 'create' where id = ${row.id}`)).toMatch(/append-only: update refused/);
    expect(await refusal(sql`delete from audit_log where id = ${row.id}`)).toMatch(/append-only: delete refused/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: truncate refused/);
    expect(await logRows()).toBeGreaterThan(0);
  });
});
