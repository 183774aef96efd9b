import { beforeAll, expect, test } from 'vitest';
import { register, type Shopper } from './customer-fixtures.ts';
import { type Answer, useTestApp } from './harness.ts';
import { type Catalogue, catalogue, product } from './product-fixtures.ts';

/**
 * `isInWishlist` on the public catalogue: each shopper sees their own flag, asking at the same moment
 * for the same page, while the page itself stays one kept answer: a visitor is served it from memory.
 */
const t = useTestApp();
let owner: string;
let c: Catalogue;
let alice: Shopper;
let bob: Shopper;
let wished: number;
let other: number;

const statements = (answer: Answer) => Number(answer.headers['x-sql-statements']);
const list = (who?: Shopper) =>
  t.call('GET', '/v1/product/public', { token: who?.token, query: { productSubCategoryId: String(c.subCategoryId) } });
const page = (who?: Shopper) => t.call('GET', `/v1/product/public/${wished}`, { token: who?.token });
const flags = (answer: Answer) =>
  Object.fromEntries((answer.body.getAllProduct as { id: number; isInWishlist: string }[]).map((p) => [p.id, p.isInWishlist]));

beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
  const made = async (name: string) =>
    (
      await product(t, owner, {
        name,
        sku: `WF-${Math.random().toString(36).slice(2, 9)}`,
        productSalePrice: '10.00',
        productPurchasePrice: '4.00',
        productSubCategoryId: String(c.subCategoryId),
      })
    ).id as number;
  wished = await made('Wished kettle');
  other = await made('Plain kettle');
  [alice, bob] = await Promise.all([register(t, 'alice'), register(t, 'bob')]);
  expect((await t.call('POST', '/v1/product-wishlist', { token: alice.token, body: { productId: wished } })).status).toBe(201);
});

test('two shoppers asking for the same list and page at once each get their own flag; a visitor gets the kept answer', async () => {
  const [forAlice, forBob, forVisitor, pageAlice, pageBob, pageVisitor] = await Promise.all([
    list(alice),
    list(bob),
    list(),
    page(alice),
    page(bob),
    page(),
  ]);
  expect(flags(forAlice)).toEqual({ [wished]: 'true', [other]: 'false' });
  expect(forAlice.headers.vary).toContain('authorization');
  expect(flags(forBob)).toEqual({ [wished]: 'false', [other]: 'false' });
  expect(flags(forVisitor)).toEqual({ [wished]: 'false', [other]: 'false' });
  expect([pageAlice.body.isInWishlist, pageBob.body.isInWishlist, pageVisitor.body.isInWishlist]).toEqual(['true', 'false', 'false']);
  // everything but the flag is the same answer
  const neutral = (answer: Answer) => ({
    ...answer.body,
    getAllProduct: answer.body.getAllProduct.map((p: object) => ({ ...p, isInWishlist: '' })),
  });
  expect(neutral(forAlice)).toEqual(neutral(forVisitor));

  // again, in the other order: the kept answer never took a shopper's flag
  for (let round = 0; round < 2; round++) {
    const visitor = await list();
    expect(statements(visitor)).toBe(0);
    expect(flags(visitor)[wished]).toBe('false');
    const visitorPage = await page();
    expect(statements(visitorPage)).toBe(0);
    expect(visitorPage.body.isInWishlist).toBe('false');
    // a shopper costs one read of their own lines
    const hers = await list(alice);
    expect(statements(hers)).toBe(1);
    expect(flags(hers)[wished]).toBe('true');
    expect(statements(await page(alice))).toBe(1);
    expect(flags(await list(bob))[wished]).toBe('false');
  }
});

test("the flag follows the shopper's list at once, and the kept page stays kept", async () => {
  expect(flags(await list(bob))[other]).toBe('false');
  expect((await t.call('POST', '/v1/product-wishlist', { token: bob.token, body: { productId: other } })).status).toBe(201);
  expect(flags(await list(bob))[other]).toBe('true');
  expect(flags(await list(alice))[other]).toBe('false');
  expect(
    (await t.call('DELETE', `/v1/product-wishlist/customer/${alice.id}`, { token: alice.token, body: { productId: wished } })).status,
  ).toBe(200);
  expect((await page(alice)).body.isInWishlist).toBe('false');
  // none of this wrote the catalogue: the visitor's answers are still in memory
  expect(statements(await list())).toBe(0);
  expect(statements(await page())).toBe(0);
});

test('a token that does not verify is a visitor, not an error', async () => {
  const answer = await t.call('GET', '/v1/product/public', {
    token: 'not-a-token',
    query: { productSubCategoryId: String(c.subCategoryId) },
  });
  expect(answer.status).toBe(200);
  expect(flags(answer)[wished]).toBe('false');
});
