import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Db, newPglite } from '../src/platform/db.ts';
import { prepareOnPglite } from '../src/platform/embedded-prepared.ts';
import { executePrepared } from '../src/platform/prepared.ts';

/**
 * The embedded database runs the app's prepared statements (`executePrepared`) as prepared statements
 * (embedded-prepared.ts): the same answers and errors as sent unnamed, each prepared once in the session.
 * On PGlite itself, as the embedded app runs it, in both test projects (it needs no server); the embedded project
 * runs every app statement through it too.
 */
const client = newPglite();
// the app's type for its database (the statements here name no table of its schema)
const db = drizzle({ client, casing: 'snake_case' }) as unknown as Db;

beforeAll(async () => {
  await client.waitReady;
  prepareOnPglite(client);
  await client.exec(`create table note (id int primary key, body text, at timestamptz, done boolean, amount numeric(10, 2))`);
});
afterAll(() => client.close());

const prepared = async () =>
  (await client.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name')).rows;

const oneNote = (id: number) => sql`select id, body, at, done, amount from note where id = ${id}`;

describe('prepared on the embedded database', () => {
  test('a statement is prepared once and run as such; its rows are the unnamed statement’s', async () => {
    await client.query(`insert into note values (1, 'first', '2026-11-29 10:00:00+00', true, 12.5)`);
    const before = (await prepared()).length;
    const first = await executePrepared(db, oneNote(1));
    const again = await executePrepared(db, oneNote(1));
    const statements = await prepared();
    expect(statements).toHaveLength(before + 1);
    expect(statements.at(-1)!.statement).toContain('select id, body, at, done, amount from note where id = $1');
    const unnamed = (await db.execute(oneNote(1))) as unknown as { rows: unknown[] };
    expect(first).toEqual(unnamed.rows);
    expect(again).toEqual(unnamed.rows);
    expect(first).toEqual([{ id: 1, body: 'first', at: '2026-11-29 10:00:00+00', done: true, amount: '12.50' }]);
  });

  test('values keep every character, and numbers, booleans, dates and nulls read as their parameters do', async () => {
    const bodies = [`it's`, 'a \\ backslash', `E'x'`, 'two\nlines', 'ünïcödé €', "''", '\\x00', '$1'];
    const at = new Date('2026-11-29T11:30:00.250Z');
    for (const [i, body] of bodies.entries()) {
      const id = 100 + i;
      await executePrepared(
        db,
        sql`insert into note (id, body, at, done, amount) values (${id}, ${body}, ${at}, ${i % 2 === 0}, ${-1.25 * i}) returning id`,
      );
      const [row] = (await client.query<Record<string, unknown>>('select body, at, done, amount from note where id = $1', [id])).rows;
      expect(row).toEqual({ body, at: at, done: i % 2 === 0, amount: (-1.25 * i).toFixed(2) });
    }
    await executePrepared(db, sql`insert into note (id, body) values (${200}, ${null}) returning id`);
    expect((await executePrepared(db, sql`select body from note where id = ${200}`))[0]).toEqual({ body: null });
    // a value of another kind (here an object) is sent unnamed, as before
    const before = (await prepared()).length;
    const found = await executePrepared<{ body: string }>(db, sql`select body from note where id = (${{ id: 100 }}::jsonb ->> 'id')::int`);
    expect(found).toEqual([{ body: bodies[0] }]);
    expect(await prepared()).toHaveLength(before);
  });

  test('an error keeps its PostgreSQL fields; a rolled back transaction keeps the statement prepared', async () => {
    const insert = (id: number) => sql`insert into note (id, body) values (${id}, ${'x'}) returning id`;
    const refused = await executePrepared(db, insert(1)).catch((error: unknown) => error);
    const cause = (refused as { cause?: Record<string, unknown> }).cause ?? refused;
    expect(cause).toMatchObject({ code: '23505', constraint: 'note_pkey', detail: 'Key (id)=(1) already exists.' });
    await expect(
      db.transaction(async (tx) => {
        await executePrepared(tx, insert(300));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await executePrepared(db, sql`select id from note where id = ${300}`)).toEqual([]);
    expect(await executePrepared(db, insert(300))).toEqual([{ id: 300 }]);
  });

  test('a statement the query builder sends again and again is prepared from its third time, with the same rows', async () => {
    const text = 'select body as noted from note where id = $1';
    const named = async () => (await prepared()).filter((p) => p.statement.endsWith(` as ${text}`));
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push((await client.query(text, [1])).rows);
      expect(await named()).toHaveLength(i < 2 ? 0 : 1);
    }
    expect(answers).toEqual(Array(4).fill([{ noted: 'first' }]));
    // a statement that cannot be prepared (not a query) is sent as it is, however often
    for (let i = 0; i < 4; i++) await client.query('set local work_mem = 4096');
    expect((await prepared()).filter((p) => p.statement.includes('work_mem'))).toEqual([]);
  });

  test('a table whose columns changed is read with them: the statement is prepared again', async () => {
    const all = sql`select * from note where id = ${1}`;
    expect(Object.keys((await executePrepared<object>(db, all))[0]!)).not.toContain('tag');
    await client.exec(`alter table note add column tag text default 'new'`);
    expect((await executePrepared<{ tag: string }>(db, all))[0]!.tag).toBe('new');
    expect((await executePrepared<{ tag: string }>(db, all))[0]!.tag).toBe('new');
  });
});
