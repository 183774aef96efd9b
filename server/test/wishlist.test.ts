import { beforeAll, describe, expect, test } from 'vitest';
import { register, type Shopper } from './customer-fixtures.ts';
import { useTestApp } from './harness.ts';
import { type Catalogue, catalogue, make, product } from './product-fixtures.ts';

/** The wishlist: a shopper's own list, refused duplicates and products not for sale, another shopper's list out of reach, the staff's counts. */
const t = useTestApp();
let owner: string;
let c: Catalogue;

beforeAll(async () => {
  owner = await t.ownerToken();
  c = await catalogue(t, owner);
});

let n = 0;
async function newProduct(price = '10.00') {
  return product(t, owner, {
    name: `Kettle ${n++} ${Math.random().toString(36).slice(2, 6)}`,
    sku: `KT-${Math.random().toString(36).slice(2, 9)}`,
    productSalePrice: price,
    productPurchasePrice: '4.00',
    productVatId: String(c.vat10),
    productSubCategoryId: String(c.subCategoryId),
  }) as Promise<{ id: number; name: string }>;
}

const add = (who: Pick<Shopper, 'token'>, productId: unknown, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/v1/product-wishlist', { token: who.token, body: { productId, ...extra } });
const listOf = (token: string, customerId: number, query: Record<string, string> = {}) =>
  t.call('GET', `/v1/product-wishlist/customer/${customerId}`, { token, query });
const remove = (token: string, customerId: number, productId: number) =>
  t.call('DELETE', `/v1/product-wishlist/customer/${customerId}`, { token, body: { productId } });
const ids = (rows: { productId: number }[]) => rows.map((r) => r.productId);

describe("a shopper's own list", () => {
  test('adds a product as the storefront shows it, refuses it twice, lists, reads, sets aside and removes', async () => {
    const alice = await register(t, 'wisher');
    const kettle = await newProduct('10.00');
    const toaster = await newProduct('20.00');

    const added = await add(alice, kettle.id);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      message: 'Added to wishlist',
      customerId: alice.id,
      productId: kettle.id,
      status: 'true',
      product: { id: kettle.id, name: kettle.name, productSalePriceWithVat: 11, finalPriceWithVat: 11, inStock: 'false', forSale: 'true' },
    });

    const twice = await add(alice, kettle.id);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'conflict', fields: { productId: 'is already on your wishlist' } });

    expect((await add(alice, toaster.id)).status).toBe(201);
    const list = await listOf(alice.token, alice.id);
    expect(list.status).toBe(200);
    expect(list.body.totalProductWishlist).toBe(2);
    expect(ids(list.body.getAllProductWishlist)).toEqual([toaster.id, kettle.id]);
    const searched = await listOf(alice.token, alice.id, { key: kettle.name.slice(0, 9) });
    expect(ids(searched.body.getAllProductWishlist)).toEqual([kettle.id]);
    const paged = await listOf(alice.token, alice.id, { count: '1', page: '2' });
    expect(paged.body).toMatchObject({ totalProductWishlist: 2 });
    expect(ids(paged.body.getAllProductWishlist)).toEqual([kettle.id]);

    const line = await t.call('GET', `/v1/product-wishlist/${added.body.id}`, { token: alice.token });
    expect(line.status).toBe(200);
    expect(line.body).toMatchObject({ id: added.body.id, productId: kettle.id, product: { name: kettle.name } });

    // set aside: off the list (unless asked for), back when added again
    const aside = await t.call('PUT', `/v1/product-wishlist/${added.body.id}`, { token: alice.token, body: { status: 'false' } });
    expect(aside.status, JSON.stringify(aside.body)).toBe(200);
    expect(aside.body).toMatchObject({ status: 'false', message: 'Wishlist Updated Successfully' });
    expect(ids((await listOf(alice.token, alice.id)).body.getAllProductWishlist)).toEqual([toaster.id]);
    expect(ids((await listOf(alice.token, alice.id, { status: 'false' })).body.getAllProductWishlist)).toEqual([kettle.id]);
    const back = await add(alice, kettle.id);
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ id: added.body.id, status: 'true' });
    const badStatus = await t.call('PUT', `/v1/product-wishlist/${added.body.id}`, { token: alice.token, body: { status: 'maybe' } });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.fields).toHaveProperty('status');

    const removed = await remove(alice.token, alice.id, kettle.id);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toEqual({ message: 'Wishlist Removed Successfully', productId: kettle.id });
    expect((await remove(alice.token, alice.id, kettle.id)).status).toBe(404);
    expect(ids((await listOf(alice.token, alice.id)).body.getAllProductWishlist)).toEqual([toaster.id]);
  });

  test("a list item keeps the spec's keys: id, customerId, productId, status, ISO times, and the product under the public product's keys", async () => {
    const shopper = await register(t, 'wisher');
    const p = await newProduct('12.00');
    const added = (await add(shopper, p.id)).body;
    const [item] = (await listOf(shopper.token, shopper.id)).body.getAllProductWishlist;
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
    expect(item).toMatchObject({ id: added.id, customerId: shopper.id, productId: p.id, status: 'true' });
    expect(item.createdAt).toMatch(iso);
    expect(item.updatedAt).toMatch(iso);
    const shown = (await t.call('GET', `/v1/product/public/${p.id}`)).body;
    const keys = [
      'id',
      'name',
      'sku',
      'status',
      'productThumbnailImage',
      'productThumbnailImageUrl',
      'productImageUrl',
      'productSalePrice',
      'productVatId',
      'vatPercentage',
      'discountId',
      'productSalePriceWithVat',
      'finalPriceWithVat',
      'productQuantity',
    ];
    expect(item.product).toMatchObject(Object.fromEntries(keys.map((k) => [k, shown[k]])));
    expect(item.product).toMatchObject({ sku: expect.stringMatching(/^KT-/), productSalePrice: 12, vatPercentage: 10 });
    // the line read alone and the add's answer say the same
    const line = (await t.call('GET', `/v1/product-wishlist/${added.id}`, { token: shopper.token })).body;
    expect(line).toEqual(item);
    expect(added.product).toEqual(item.product);
  });

  test('the same product sent twice at once: one line, the other request told it is there already', async () => {
    const shopper = await register(t, 'wisher');
    const p = await newProduct();
    const answers = await Promise.all([add(shopper, p.id), add(shopper, p.id), add(shopper, p.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect((await listOf(shopper.token, shopper.id)).body.totalProductWishlist).toBe(1);
  });

  test('a product not for sale is refused naming the field; bad input names it too', async () => {
    const shopper = await register(t, 'wisher');
    const hidden = await newProduct();
    expect((await t.call('PATCH', `/v1/product/${hidden.id}`, { token: owner, body: { status: 'false' } })).status).toBe(200);
    const refused = await add(shopper, hidden.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'Product is not for sale', fields: { productId: 'is not for sale' } });
    const unknown = await add(shopper, 999_999);
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ productId: 'does not exist' });
    for (const bad of [undefined, 'abc', -1]) {
      const answer = await add(shopper, bad);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/^Product /);
      expect(answer.body.fields).toHaveProperty('productId');
    }
    const noBody = await t.call('DELETE', `/v1/product-wishlist/customer/${shopper.id}`, { token: shopper.token, body: {} });
    expect(noBody.status).toBe(400);
    expect(noBody.body.fields).toHaveProperty('productId');
  });

  test('a product hidden after it was wished for stays on the list, shown as not for sale', async () => {
    const shopper = await register(t, 'wisher');
    const p = await newProduct();
    expect((await add(shopper, p.id)).status).toBe(201);
    await t.call('PATCH', `/v1/product/${p.id}`, { token: owner, body: { status: 'false' } });
    const list = await listOf(shopper.token, shopper.id);
    expect(list.body.getAllProductWishlist[0]).toMatchObject({ productId: p.id, product: { forSale: 'false' } });
  });
});

describe("another shopper's list (IDOR)", () => {
  test("a shopper cannot read, add to, change or delete from another shopper's list; staff need the permission", async () => {
    const alice = await register(t, 'alice');
    const bob = await register(t, 'bob');
    const p = await newProduct();
    const line = (await add(alice, p.id)).body;

    expect((await listOf(bob.token, alice.id)).status).toBe(404);
    expect((await t.call('GET', `/v1/product-wishlist/${line.id}`, { token: bob.token })).status).toBe(404);
    expect((await t.call('PUT', `/v1/product-wishlist/${line.id}`, { token: bob.token, body: { status: 'false' } })).status).toBe(404);
    expect((await remove(bob.token, alice.id, p.id)).status).toBe(404);
    // a customerId in the body does not choose the list: bob's own gets it
    const posted = await add(bob, p.id, { customerId: alice.id });
    expect(posted.status).toBe(201);
    expect(posted.body.customerId).toBe(bob.id);
    // alice's list is as she left it
    const hers = await listOf(alice.token, alice.id);
    expect(hers.body.getAllProductWishlist).toEqual([expect.objectContaining({ id: line.id, status: 'true' })]);
    // bob removing from his own list leaves hers
    expect((await remove(bob.token, bob.id, p.id)).status).toBe(200);
    expect((await listOf(alice.token, alice.id)).body.totalProductWishlist).toBe(1);

    // the staff's list is for staff; nothing without a login
    expect((await t.call('GET', '/v1/product-wishlist', { token: alice.token })).status).toBe(403);
    expect((await listOf('', alice.id)).status).toBe(401);
    expect((await t.call('POST', '/v1/product-wishlist', { body: { productId: p.id } })).status).toBe(401);

    const reader = await t.staffWith(['readAll-productWishlist', 'readSingle-productWishlist']);
    const read = await listOf(reader.token, alice.id);
    expect(read.status).toBe(200);
    expect(ids(read.body.getAllProductWishlist)).toEqual([p.id]);
    expect((await t.call('GET', `/v1/product-wishlist/${line.id}`, { token: reader.token })).status).toBe(200);
    expect((await remove(reader.token, alice.id, p.id)).status).toBe(403);
    // staff have no list of their own
    expect((await t.call('POST', '/v1/product-wishlist', { token: reader.token, body: { productId: p.id } })).status).toBe(403);
    const none = await t.staffWith(['readAll-product']);
    expect((await listOf(none.token, alice.id)).status).toBe(403);
    expect((await t.call('GET', '/v1/product-wishlist', { token: none.token })).status).toBe(403);
    // staff with the permission may take a line off (e.g. at the shopper's request)
    const remover = await t.staffWith(['delete-productWishlist']);
    expect((await remove(remover.token, alice.id, p.id)).status).toBe(200);
  });
});

describe('what shoppers want most (staff)', () => {
  test('products with their count of wishers, most first; searchable, paged, dated; hidden products on request', async () => {
    const popular = await newProduct('30.00');
    const liked = await newProduct('40.00');
    const shoppers = await Promise.all([register(t, 'fan'), register(t, 'fan'), register(t, 'fan')]);
    for (const s of shoppers) expect((await add(s, popular.id)).status).toBe(201);
    expect((await add(shoppers[0]!, liked.id)).status).toBe(201);
    // a line set aside does not count
    const aside = (await add(shoppers[1]!, liked.id)).body;
    await t.call('PUT', `/v1/product-wishlist/${aside.id}`, { token: shoppers[1]!.token, body: { status: 'false' } });

    const key = (p: { name: string }) => p.name;
    const read = (query: Record<string, string>) => t.call('GET', '/v1/product-wishlist', { token: owner, query });
    const all = await read({ query: 'all' });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const mine = all.body.getAllWishList.filter((r: { productId: number }) => [popular.id, liked.id].includes(r.productId));
    expect(mine).toEqual([
      expect.objectContaining({ productId: popular.id, name: popular.name, wishlistCount: 3, finalPriceWithVat: 33, status: 'true' }),
      expect.objectContaining({ productId: liked.id, wishlistCount: 1, finalPriceWithVat: 44 }),
    ]);
    for (const row of mine) expect(row.lastWishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const counts = all.body.getAllWishList.map((r: { wishlistCount: number }) => r.wishlistCount);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(all.body.totalWishList).toBe(all.body.getAllWishList.length);

    const searched = await read({ key: key(liked) });
    expect(searched.body).toMatchObject({ totalWishList: 1, getAllWishList: [{ productId: liked.id, wishlistCount: 1 }] });
    const page = await read({ count: '1', page: '1' });
    expect(page.body.getAllWishList).toHaveLength(1);
    expect(page.body.totalWishList).toBe(all.body.totalWishList);
    const byName = await read({ query: 'all', sort: 'name', order: 'asc' });
    const names = byName.body.getAllWishList.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await read({ startDate: '2000-01-01', endDate: '2000-01-02' })).body.totalWishList).toBe(0);
    expect((await read({ sort: 'price' })).status).toBe(400);

    await t.call('PATCH', `/v1/product/${popular.id}`, { token: owner, body: { status: 'false' } });
    expect((await read({ key: key(popular) })).body.totalWishList).toBe(0);
    const hidden = await read({ key: key(popular), status: 'false' });
    expect(hidden.body.getAllWishList).toEqual([expect.objectContaining({ productId: popular.id, status: 'false', wishlistCount: 3 })]);
  });
});

describe('the storefront menu: sub-categories with their counts', () => {
  test('active sub-categories with their category and count of active products; a hidden product leaves the count', async () => {
    const category = await make(t, owner, 'product-category', { name: `Kitchen ${Math.random()}` });
    const sub = await make(t, owner, 'product-sub-category', { name: 'Kettles', productCategoryId: category });
    const empty = await make(t, owner, 'product-sub-category', { name: 'Toasters', productCategoryId: category });
    const made = await Promise.all([0, 1].map(() => newProduct()));
    for (const p of made) await t.call('PUT', `/v1/product/${p.id}`, { token: owner, body: { productSubCategoryId: sub } });
    const details = () => t.call('GET', '/v1/e-commerce/subcategory/sub-category-details');
    const row = async (id: number) => (await details()).body.getAllProductSubCategory.find((s: { id: number }) => s.id === id);

    expect(await row(sub)).toEqual({
      id: sub,
      name: 'Kettles',
      productCategoryId: category,
      productCategory: { id: category, name: expect.stringMatching(/^Kitchen/) },
      productCount: 2,
    });
    expect(await row(empty)).toMatchObject({ productCount: 0 });
    // kept in memory until the catalogue is written
    expect(Number((await details()).headers['x-sql-statements'])).toBe(0);

    await t.call('PATCH', `/v1/product/${made[0]!.id}`, { token: owner, body: { status: 'false' } });
    expect(await row(sub)).toMatchObject({ productCount: 1 });
    await t.call('PATCH', `/v1/product-sub-category/${empty}`, { token: owner, body: { status: 'false' } });
    expect(await row(empty)).toBeUndefined();
    await t.call('PATCH', `/v1/product-category/${category}`, { token: owner, body: { status: 'false' } });
    expect(await row(sub)).toBeUndefined();
    const answer = await details();
    expect(answer.body.totalProductSubCategory).toBe(answer.body.getAllProductSubCategory.length);
  });
});
