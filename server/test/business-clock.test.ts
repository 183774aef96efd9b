import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { fixedClock, serverTimeZone, systemClock } from '../src/platform/clock.ts';
import { makeProduct } from './factories.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { expectInventoryMatchesLedger, expectLedgerBalanced, expectStockMatchesMovements } from './invariants.ts';

/**
 * Documents are dated in the shop's time zone (a setting), from one clock the tests stop at an
 * instant: 23:30 UTC on 10 March 2026 is already 11 March in Tokyo and still 10 March in New York.
 */
let t: TestApp;
let owner: string;
const lateEvening = '2026-03-10T23:30:00Z';

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.ownerToken();
});
afterAll(() => t?.close());
afterEach(async () => {
  t.config.clock = systemClock;
  await setZone(null);
  await expectStockMatchesMovements(t);
  await expectLedgerBalanced(t);
  await expectInventoryMatchesLedger(t);
});

const setZone = (timeZone: string | null) => t.call('POST', '/v1/setting', { token: owner, body: { timeZone } });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const adjustAt = async (instant: string, productId: number) => {
  t.config.clock = fixedClock(instant);
  const answer = await t.call('POST', '/v1/adjust-inventory', {
    token: owner,
    body: { adjustInvoiceProduct: [{ productId, adjustQuantity: 1, adjustType: 'increment' }] },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; date: string };
};

describe('the shop time zone setting', () => {
  test("defaults to the server's zone, takes an IANA name, refuses anything else", async () => {
    expect((await t.call('GET', '/v1/setting', { token: owner })).body.timeZone).toBe(serverTimeZone());
    const set = await setZone('asia/tokyo');
    expect(set.status).toBe(200);
    expect(set.body.timeZone).toBe('Asia/Tokyo');
    for (const bad of ['Mars/Olympus', '+05:00', 42]) {
      const answer = await setZone(bad as string);
      expect(answer.status, String(bad)).toBe(400);
      expect(answer.body.fields).toHaveProperty('timeZone');
    }
    expect((await t.call('GET', '/v1/setting', { token: owner })).body.timeZone).toBe('Asia/Tokyo');
    expect((await setZone('')).body.timeZone).toBe(serverTimeZone());
  });
});

describe('business dates across midnight', () => {
  test('an adjustment made at 23:30 UTC is dated the next day in Tokyo, and so are its postings', async () => {
    await setZone('Asia/Tokyo');
    const p = await makeProduct(t, { productQuantity: 3 });
    const made = await adjustAt(lateEvening, p.id);
    expect(made.date).toBe('2026-03-11');
    const posted = await rows<{ date: string }>(
      sql`select date::text as date from transaction where type = 'adjustment' and related_id = ${String(made.id)}`,
    );
    expect(posted).toEqual([{ date: '2026-03-11' }]);
    const listed = await t.call('GET', '/v1/adjust-inventory', { token: owner, query: { startDate: '2026-03-11', endDate: '2026-03-11' } });
    expect(listed.body.getAllAdjustInvoice.map((a: { id: number }) => a.id)).toContain(made.id);
  });

  test('the same instant is still the same day in New York; the reversal is dated when it happens', async () => {
    await setZone('America/New_York');
    const p = await makeProduct(t, { productQuantity: 3 });
    const made = await adjustAt(lateEvening, p.id);
    expect(made.date).toBe('2026-03-10');
    t.config.clock = fixedClock('2026-03-12T04:30:00Z'); // 00:30 on 12 March in New York
    expect((await t.call('PATCH', `/v1/adjust-inventory/${made.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    const posted = await rows<{ date: string }>(
      sql`select date::text as date from transaction where related_id = ${String(made.id)} order by id`,
    );
    expect(posted).toEqual([{ date: '2026-03-10' }, { date: '2026-03-12' }]);
  });

  test("a new staff member's history starts on the shop's day", async () => {
    await setZone('Asia/Tokyo');
    t.config.clock = fixedClock(lateEvening);
    const made = await t.call('POST', '/v1/user/register', {
      token: owner,
      body: { firstName: 'Night', lastName: 'Shift', username: `night${Date.now()}`, password: 'night-shift-1', roleId: 1, salary: 1000 },
    });
    expect(made.status).toBe(201);
    const read = await t.call('GET', `/v1/user/${made.body.id}`, { token: owner });
    expect(read.body.salaryHistory.map((s: { startDate: string }) => s.startDate)).toEqual(['2026-03-11']);
  });

  test('a created product dates its opening stock posting on the shop day', async () => {
    await setZone('Asia/Tokyo');
    t.config.clock = fixedClock(lateEvening);
    const made = await t.call('POST', '/v1/product', {
      token: owner,
      body: {
        name: `Midnight lamp ${Date.now()}`,
        sku: `ML-${Date.now()}`,
        productQuantity: 2,
        productPurchasePrice: 5,
        productSalePrice: 9,
      },
    });
    expect(made.status).toBe(201);
    const posted = await rows<{ date: string }>(
      sql`select date::text as date from transaction where particulars like ${`Opening stock ML-%`} and related_id = ${String(made.body.id)}`,
    );
    expect(posted).toEqual([{ date: '2026-03-11' }]);
  });

  test('startDate/endDate on a timestamp are whole days in the shop', async () => {
    await setZone('Asia/Tokyo');
    const brand = await t.call('POST', '/v1/product-brand', { token: owner, body: { name: `Late brand ${Date.now()}` } });
    expect(brand.status).toBe(201);
    await t.database.db.execute(sql`update product_brand set created_at = ${lateEvening}::timestamptz where id = ${brand.body.id}`);
    const on = async (day: string) =>
      (await t.call('GET', '/v1/product-brand', { token: owner, query: { startDate: day, endDate: day } })).body.getAllProductBrand.map(
        (b: { id: number }) => b.id,
      );
    expect(await on('2026-03-11')).toContain(brand.body.id);
    expect(await on('2026-03-10')).not.toContain(brand.body.id);
    await setZone('America/New_York');
    expect(await on('2026-03-10')).toContain(brand.body.id);
    expect(await on('2026-03-11')).not.toContain(brand.body.id);
  });

  test('a discount is active on the shop day, by the clock', async () => {
    await setZone('Asia/Tokyo');
    const made = await t.call('POST', '/v1/discount', {
      token: owner,
      body: { name: `One-day sale ${Date.now()}`, type: 'flat', value: 1, startDate: '2026-03-11', endDate: '2026-03-11' },
    });
    expect(made.status).toBe(201);
    const active = async () =>
      (await t.call('GET', '/v1/discount', { token: owner, query: { active: 'true' } })).body.getAllDiscount.map(
        (d: { id: number }) => d.id,
      );
    t.config.clock = fixedClock(lateEvening);
    expect(await active()).toContain(made.body.id);
    t.config.clock = fixedClock('2026-03-10T14:30:00Z'); // 23:30 on 10 March in Tokyo
    expect(await active()).not.toContain(made.body.id);
  });
});
