import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { pruneAuditLog } from '../src/platform/audit-retention.ts';
import { useTestApp } from './harness.ts';
import { rows } from './sale-fixtures.ts';

/**
 * The audit log's growth (issue 34): every sign-in is a row, the one kind that expires. Pruning deletes the sign-ins
 * older than their retention, in batches, and nothing else; the database refuses to delete any other row, or a
 * sign-in younger than the shortest retention allowed.
 */
const t = useTestApp();

const signIns = async (id: number) =>
  Number(
    (
      await rows(t, sql`select count(*)::int as n from audit_log where action = 'signIn' and entity = 'user' and entity_id = ${String(id)}`)
    )[0].n,
  );
const refusal = (statement: ReturnType<typeof sql>) =>
  t.database.db.execute(statement).then(
    () => 'done',
    (error: { cause?: { message?: string } }) => error.cause?.message,
  );
let staff: { userId: number; username: string; password: string };

beforeAll(async () => {
  staff = await t.staffWith(['readAll-product'], 'retention-clerk');
});

describe('sign-ins', () => {
  test('each sign-in is one row, with who signed in', async () => {
    const before = await signIns(staff.userId);
    expect((await t.login(staff.username, staff.password)).status).toBe(200);
    expect(await signIns(staff.userId)).toBe(before + 1);
    const [row] = await rows(
      t,
      sql`select actor_type, actor_id from audit_log where action = 'signIn' and entity_id = ${String(staff.userId)} order by id desc limit 1`,
    );
    expect(row).toEqual({ actor_type: 'user', actor_id: staff.userId });
    // a refused sign-in is none
    expect((await t.login(staff.username, 'not-the-password')).status).toBe(401);
    expect(await signIns(staff.userId)).toBe(before + 1);
  });
});

describe('pruning', () => {
  test('deletes the sign-ins older than their retention, in batches, and keeps every other row', async () => {
    // rows written long ago, as a year of a shop's log holds them
    await t.database.db.execute(sql`insert into audit_log (entity, entity_id, action, actor_type, actor_id, at, changes)
      select 'user', '1', 'signIn', 'user', 1, now() - interval '120 days', '{}'::jsonb from generate_series(1, 5003)`);
    await t.database.db.execute(sql`insert into audit_log (entity, entity_id, action, actor_type, actor_id, at, changes) values
      ('user', '1', 'signIn', 'user', 1, now() - interval '60 days', '{}'),
      ('product', '1', 'update', 'user', 1, now() - interval '400 days', '{"name": {"old": "a", "new": "b"}}'),
      ('tillSession', '1', 'void', 'user', 1, now() - interval '400 days', '{}')`);
    const count = async (where: ReturnType<typeof sql>) =>
      Number((await rows(t, sql`select count(*)::int as n from audit_log where ${where}`))[0].n);
    const others = await count(sql`action <> 'signIn'`);
    const recent = await count(sql`action = 'signIn' and at > now() - interval '90 days'`);

    expect(await pruneAuditLog(t.database.db, { signInDays: 90 })).toBe(5003);
    expect(await count(sql`action = 'signIn' and at < now() - interval '90 days'`)).toBe(0);
    expect(await count(sql`action = 'signIn' and at > now() - interval '90 days'`)).toBe(recent);
    expect(await count(sql`action <> 'signIn'`)).toBe(others);
    // the next run finds nothing
    expect(await pruneAuditLog(t.database.db, { signInDays: 90 })).toBe(0);
  });

  test('the database refuses to delete a record change, a till event, or a sign-in younger than 30 days', async () => {
    expect(await refusal(sql`delete from audit_log where action = 'update' and at < now() - interval '300 days'`)).toMatch(
      /append-only: delete refused/,
    );
    expect(await refusal(sql`delete from audit_log where action = 'void'`)).toMatch(/append-only: delete refused/);
    expect(await refusal(sql`delete from audit_log where action = 'signIn' and at > now() - interval '30 days'`)).toMatch(
      /append-only: delete refused/,
    );
    // 60 days old: past the 30 days the database allows, but kept until the 90 days of the retention
    expect(await pruneAuditLog(t.database.db, { signInDays: 90 })).toBe(0);
    expect(await pruneAuditLog(t.database.db, { signInDays: 45 })).toBe(1);
  });
});
