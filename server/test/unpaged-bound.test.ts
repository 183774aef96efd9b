import { maxUnpaged } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

/**
 * query=all and query=report answer every row at once: at most maxUnpaged (5,000), so that no answer
 * grows with the shop past a few MB; a longer list is a 400 naming `query`, never a part of it passed
 * off as the whole. Paged, the same rows are all there.
 */
const t = useTestApp({ invariants: true });
let owner: string;

beforeAll(async () => {
  owner = await t.ownerToken();
});

const list = (path: string, query: Record<string, string>) => t.call('GET', `/v1/${path}`, { token: owner, query });

function expectRefused(answer: { status: number; body: any }) {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400);
  expect(answer.body.fields).toHaveProperty('query');
  expect(answer.body.error).toMatch(/at most 5,000 rows.*page by page/);
}

describe('a plain resource (the resource factory)', () => {
  test(`${maxUnpaged} colours answer whole; one more is refused, naming query; paged they are all there`, async () => {
    await t.database.db.execute(
      sql`insert into colors (name, color_code) select 'Bound colour ' || i, '#000000' from generate_series(1, ${maxUnpaged}) i`,
    );
    const all = await list('product-color', { query: 'all' });
    expect(all.status).toBe(200);
    expect(all.body.getAllProductColor).toHaveLength(maxUnpaged);

    await t.database.db.execute(sql`insert into colors (name, color_code) values ('Bound colour one more', '#ffffff')`);
    expectRefused(await list('product-color', { query: 'all' }));
    expectRefused(await list('product-color', { query: 'report' }));
    const last = await list('product-color', { page: '6', count: '1000' });
    expect(last.status).toBe(200);
    expect(last.body.getAllProductColor).toHaveLength(1);
    expect(last.body.totalProductColor).toBe(maxUnpaged + 1);
  });
});

describe('a bespoke list (the journal)', () => {
  test('the journal of a busy month: query=all refused past 5,000 entries, pages answer', async () => {
    await t.database.db.execute(
      sql`insert into "transaction" (date, debit_id, credit_id, particulars, amount, type)
        select current_date, (select id from sub_account where system_key = 'rent'), (select id from sub_account where system_key = 'cash'),
          'Bound entry ' || i, 1, 'transaction'
        from generate_series(1, ${maxUnpaged + 1}) i`,
    );
    expectRefused(await list('transaction', { query: 'all' }));
    const page = await list('transaction', { page: '1', count: '1000' });
    expect(page.status).toBe(200);
    expect(page.body.getAllTransaction).toHaveLength(1000);
  });
});
