import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { LocalStorage } from '../src/platform/file-storage.ts';
import { FileStore } from '../src/platform/files.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { demoDiscounts, demoLowStockSku, demoProducts } from '../src/seed/demo-catalogue.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp({ invariants: true });
let owner: string;
const seed = () =>
  seedDemo(t.database.db, {
    files: new FileStore(new LocalStorage(path.join(t.dataDir, 'uploads')), t.config.uploadMaxBytes),
    clock: t.config.clock,
    log: t.app.log,
  });
const count = async () => {
  const result = await t.database.db.execute(sql`select
    (select count(*) from product)::int as products, (select count(*) from product_image)::int as images,
    (select count(*) from stock_movement)::int as movements, (select count(*) from transaction)::int as postings,
    (select count(*) from discount)::int as discounts, (select count(*) from payment_method)::int as methods,
    (select count(*) from page_size)::int as sizes, (select count(*) from lead_source)::int as sources, (select count(*) from supplier)::int as suppliers`);
  return (result as unknown as { rows: Record<string, number>[] }).rows[0];
};

beforeAll(async () => {
  t.config.clock = fixedClock('2026-07-15T10:00:00Z');
  owner = await t.ownerToken();
  await seed();
});

type Row = { id: number; sku: string; name: string; productThumbnailImageUrl: string | null; discountId: number | null };

describe('the demo shop', () => {
  test('has two dozen products for sale, each with its own generated picture', async () => {
    const list = await t.call('GET', '/v1/product/public', { query: { count: '100' } });
    expect(list.status).toBe(200);
    expect(list.body.totalProduct).toBe(demoProducts.length);
    expect(demoProducts.length).toBeGreaterThanOrEqual(20);
    const rows = list.body.getAllProduct as Row[];
    expect(rows.map((r) => r.sku).sort()).toEqual(demoProducts.map((p) => p.sku).sort());
    const urls = rows.map((r) => r.productThumbnailImageUrl);
    expect(urls.every((u) => typeof u === 'string')).toBe(true);
    expect(new Set(urls).size).toBe(rows.length);
    const pictures = [];
    for (const url of urls.slice(0, 3)) {
      const answer = await t.app.inject({ method: 'GET', url: url! });
      expect(answer.statusCode).toBe(200);
      const meta = await sharp(answer.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp' });
      pictures.push(answer.rawPayload.toString('base64'));
    }
    expect(new Set(pictures).size).toBe(3);
    // a few carry a gallery as well
    const withGallery = demoProducts.filter((p) => p.gallery).map((p) => p.sku);
    const mug = rows.find((r) => r.sku === withGallery[0])!;
    const page = await t.call('GET', `/v1/product/public/${mug.id}`);
    expect(page.body.images.length).toBeGreaterThan(0);
    expect(page.body.colors.length).toBeGreaterThan(0);
  });

  test('a few are on a discount that runs today; one is at its reorder level', async () => {
    const active = await t.call('GET', '/v1/discount', { token: owner, query: { active: 'true', query: 'all' } });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    const running = (Object.values(active.body).find(Array.isArray) as { id: number; name: string }[]).filter((d) =>
      Object.values(demoDiscounts).some((demo) => demo.name === d.name),
    );
    expect(running).toHaveLength(2);
    const rows = (await t.call('GET', '/v1/product/public', { query: { count: '100' } })).body.getAllProduct as Row[];
    const discounted = rows.filter((r) => r.discountId !== null);
    expect(discounted.length).toBeGreaterThanOrEqual(3);
    expect(discounted.every((r) => running.some((d) => d.id === r.discountId))).toBe(true);

    const low = await t.call('GET', '/v1/product', { token: owner, query: { lowStock: 'true' } });
    expect(low.body.getAllProduct.map((p: Row) => p.sku)).toEqual([demoLowStockSku]);
  });

  test('opening stock went through the product create: one movement per product, posted to the ledger', async () => {
    const rows = await t.database.db.execute(sql`select p.sku, p.product_quantity as q, m.reason, m.quantity as moved
      from product p join stock_movement m on m.product_id = p.id where m.reason = 'opening'`);
    const moves = (rows as unknown as { rows: { sku: string; q: number; reason: string; moved: number }[] }).rows;
    expect(moves).toHaveLength(demoProducts.length);
    for (const m of moves) expect(m).toMatchObject({ reason: 'opening', moved: m.q });
  });

  test('the laptop sleeve sells by its colours and sizes, its stock shared out to them in one adjustment', async () => {
    const [sleeve] = (
      (await t.database.db.execute(sql`select id, product_quantity as q from product where sku = 'DEMO-SLEEVE'`)) as unknown as {
        rows: { id: number; q: number }[];
      }
    ).rows;
    const page = await t.call('GET', `/v1/product/${sleeve!.id}`, { token: owner });
    expect(page.body.variants).toHaveLength(6);
    expect(page.body.unsharedQuantity).toBe(0);
    expect(page.body.variants.every((v: { productQuantity: number }) => v.productQuantity === sleeve!.q / 6)).toBe(true);
  });

  test('the till can split a payment between cash and card, print 58 and 80 mm receipts, and buy from two suppliers', async () => {
    const methods = (await t.call('GET', '/v1/payment-method', { token: owner, query: { query: 'all' } })).body.getAllPaymentMethod;
    const accounts = await t.database.db.execute(sql`select pm.method_name as name, sa.system_key as key
      from payment_method pm join sub_account sa on sa.id = pm.sub_account_id`);
    const keyOf = new Map((accounts as unknown as { rows: { name: string; key: string }[] }).rows.map((r) => [r.name, r.key]));
    expect(methods.map((m: { methodName: string }) => m.methodName)).toEqual(expect.arrayContaining(['Cash', 'Card']));
    expect([keyOf.get('Cash'), keyOf.get('Card')]).toEqual(['cash', 'bank']);
    // each keeps its channels: the counter's methods at the till only, the web shop's at checkout only
    const channels = Object.fromEntries(
      methods.map((m: { methodName: string; atTill: string; atCheckout: string }) => [m.methodName, [m.atTill, m.atCheckout]]),
    );
    expect(channels).toMatchObject({
      Cash: ['true', 'false'],
      Card: ['true', 'false'],
      'Cash on delivery': ['false', 'true'],
      'Bank transfer': ['false', 'true'],
    });
    const sizes = (await t.call('GET', '/v1/page-size', { token: owner, query: { query: 'all' } })).body.getAllPageSize;
    expect(sizes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pageSizeName: 'A4' }),
        expect.objectContaining({ pageSizeName: 'Receipt 58 mm', width: 58, height: 200, unit: 'mm' }),
        expect.objectContaining({ pageSizeName: 'Receipt 80 mm', width: 80, height: 200, unit: 'mm' }),
      ]),
    );
    const suppliers = (await t.call('GET', '/v1/supplier', { token: owner, query: { query: 'all' } })).body.getAllSupplier;
    expect(suppliers.length).toBeGreaterThanOrEqual(2);
  });

  test('leads can say where they came from', async () => {
    const sources = (await t.call('GET', '/v1/lead-source', { token: owner, query: { query: 'all' } })).body.getAllLeadSource;
    expect(sources.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Walk-in', 'Website', 'Referral']));
  });

  test('a second start adds nothing', async () => {
    const before = await count();
    await seed();
    expect(await count()).toEqual(before);
  });
});
