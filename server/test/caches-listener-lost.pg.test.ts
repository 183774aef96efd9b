import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { type Answer, type TestApp, useTestApp } from './harness.ts';
import { product } from './product-fixtures.ts';
import { killListener, listeningAgain, plainClient, statements } from './two-servers.ts';

/**
 * A server whose listening connection is lost cannot know what the others write meanwhile: until it
 * listens again and has dropped everything it kept, it answers from the database only. B waits half a
 * second before it connects again, so the test asks it while it is not listening.
 */
const a = useTestApp();
let b: TestApp;
let owner: string;
let psql: pg.Client;

beforeAll(async () => {
  b = await a.twin(undefined, { retryMs: 500 });
  owner = await a.ownerToken();
  psql = await plainClient(a);
  expect((await a.call('POST', '/v1/setting', { token: owner, body: { timeZone: 'UTC' } })).status).toBe(200);
});
afterAll(async () => {
  await psql?.end();
  await b?.close();
});
beforeEach(() => {
  b.config.clock = fixedClock('2026-05-31T20:00:00Z');
});

/** Asks twice on B: the second answer comes from memory. */
async function warm(ask: () => Promise<Answer>): Promise<void> {
  await ask();
  expect(statements(await ask())).toBe(0);
}

/**
 * Kills B's listener, lets `write` run while B is not listening (as psql, so no notification reaches
 * B later), then checks B's answers: from the database while it does not listen, and again from the
 * database the first time after it listens again; then from memory once more.
 */
async function lostAndFound(ask: () => Promise<Answer>, shows: (answer: Answer) => void, write?: () => Promise<unknown>) {
  await warm(ask);
  const sessions = b.database.listener!.sessions;
  await killListener(b, psql);
  await write?.();
  const deaf = [await ask(), await ask()];
  expect(b.database.listener!.sessions).toBe(sessions); // both asked before B listened again
  for (const answer of deaf) {
    expect(statements(answer)).toBeGreaterThan(0);
    shows(answer);
  }
  await listeningAgain(b, sessions);
  const first = await ask();
  expect(statements(first)).toBeGreaterThan(0);
  shows(first);
  const kept = await ask();
  expect(statements(kept)).toBe(0);
  shows(kept);
}

describe("B's listening connection killed", () => {
  test('the public catalogue: a price written meanwhile is served, never the kept one', async () => {
    const made = await product(a, owner, { name: `Tea ${Math.random()}`, sku: `TE-${Math.random()}`, productSalePrice: '12.00' });
    const page = () => b.call('GET', `/v1/product/public/${made.id}`, { overHttp: true });
    await lostAndFound(
      page,
      (answer) => expect(answer.body.productSalePrice).toBe(50),
      () => psql.query('update product set product_sale_price = 50 where id = $1', [made.id]),
    );
  });

  test('the access rules: a user hidden meanwhile is refused', async () => {
    const clerk = await a.staffWith(['readAll-product']);
    const me = () => b.call('GET', '/v1/role-permission/permission', { token: clerk.token, query: { roleId: String(clerk.roleId) } });
    expect((await me()).status).toBe(200);
    expect((await me()).status).toBe(200); // the account and the role's grants now kept by B
    const sessions = b.database.listener!.sessions;
    await killListener(b, psql);
    await psql.query('update users set status = false where id = $1', [clerk.userId]);
    expect((await me()).status).toBe(401);
    expect(b.database.listener!.sessions).toBe(sessions);
    await listeningAgain(b, sessions);
    expect((await me()).status).toBe(401);
  });

  test("the time zone: a zone set meanwhile moves B's business day (the trial balance ends on B's today)", async () => {
    const tb = () => b.call('GET', '/v1/account', { token: owner, query: { query: 'tb' } });
    expect((await tb()).body.endDate).toBe('2026-05-31');
    await lostAndFound(
      tb,
      (answer) => expect(answer.body.endDate).toBe('2026-06-01'),
      () => psql.query(`update app_setting set time_zone = 'Asia/Tokyo'`),
    );
    await psql.query(`update app_setting set time_zone = 'UTC'`);
  });

  test('the statements: the balance sheet is read from the database', async () => {
    const bs = () => b.call('GET', '/v1/account', { token: owner, query: { query: 'bs', startDate: '2026-05-01', endDate: '2026-05-31' } });
    await lostAndFound(bs, (answer) => expect(answer.status).toBe(200));
  });

  test('the dashboard is read from the database', async () => {
    const dashboard = () => b.call('GET', '/v1/dashboard', { token: owner, query: { startDate: '2026-05-01', endDate: '2026-05-31' } });
    await lostAndFound(dashboard, (answer) => expect(answer.status).toBe(200));
  });
});
