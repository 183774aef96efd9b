import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RouteDef } from '../src/platform/route.ts';
import { customer } from '../src/schema/index.ts';
import { ownerPassword, ownerUsername } from './constants.ts';
import { customerCookie, register } from './customer-fixtures.ts';
import { makeProduct } from './factories.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { png, sendForm } from './product-fixtures.ts';
import { create, makeReferences, resourceKeys } from './resources-samples.ts';
import { checkout, checkoutSetup, moveOrder } from './shop-fixtures.ts';

/**
 * Generated from the route table: every GET route, called as the owner on a shop with data in it,
 * answers no key named like a secret (a password, a hash, a token), however deep. The refresh
 * route's own `token` is the one allowed (it is what that route is for).
 */
const secretKey = /pass(word)?|hash|secret|token/i;
const allowed: Record<string, string[]> = { '/user/refresh-token': ['token'], '/customer/refresh-token': ['token'] };
/** Query parameters a route cannot answer without. */
const queries: Record<string, Record<string, string>> = { '/product-reports': { query: 'new-products' }, '/supplier': { query: 'report' } };
/** A parameter that is not a field of the list's rows under its own name. */
const paramFields: Record<string, string> = { code: 'reorderInvoiceId' };
/** Routes whose parameter no list above them gives. */
const fixedUrls: Record<string, string> = {};

let t: TestApp;
let owner: string;
let cookies: Record<string, string> = {};
/** For the routes only a signed-in customer may call (their `:id` is the customer's own). */
let customerTokenOf = '';
let customerIdOf = 0;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.ownerToken();
  const refs = await makeReferences(t, owner);
  for (const key of resourceKeys) await create(t, owner, key, 1, refs, 'Sweep');
  const roles = (await t.call('GET', '/v1/role', { token: owner, query: { query: 'all' } })).body.getAllRole as {
    id: number;
    name: string;
  }[];
  const manager = roles.find((r) => r.name === 'manager')!.id;
  const registered = await t.call('POST', '/v1/user/register', {
    token: owner,
    body: {
      firstName: 'Sam',
      lastName: 'Sweep',
      username: 'sweeper',
      password: 'a-long-password',
      roleId: manager,
      designationId: refs.designationId,
      salary: 1200,
      employeeId: 'SW-1',
    },
  });
  if (registered.status !== 201) throw new Error(JSON.stringify(registered.body));
  // a customer with a password and a Google id, as sign-up and Google sign-in leave them
  const shopper = await register(t, 'sweep');
  const customerId = shopper.id;
  customerTokenOf = shopper.token;
  customerIdOf = customerId;
  await t.database.db.update(customer).set({ googleId: 'google-sub-1' }).where(eq(customer.id, customerId));
  queries['/role-permission/permission'] = { roleId: String(manager) };
  const { id: productId } = await makeProduct(t, { productQuantity: 5, reorderQuantity: 10 });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const sized = await makeProduct(t, { productQuantity: 0 });
  const made = [
    await t.call('POST', '/v1/adjust-inventory', {
      token: owner,
      body: { adjustInvoiceProduct: [{ productId, adjustQuantity: 1, adjustType: 'increment' }] },
    }),
    await t.call('POST', '/v1/purchase-reorder-invoice', { token: owner, body: [{ productId, productQuantity: 3 }] }),
    await t.call('POST', '/v1/discount', {
      token: owner,
      body: { name: 'Sweep week', type: 'percentage', value: 10, startDate: day(-1), endDate: day(5) },
    }),
    await sendForm(t, owner, 'POST', '/v1/slider-images', { index: '1' }, [{ field: 'image', data: await png(1200, 400) }]),
    await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { customerId, saleInvoiceProduct: [{ productId, productQuantity: 1 }] },
    }),
    await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { isHold: 'true', customerId, saleInvoiceProduct: [{ productId, productQuantity: 1 }] },
    }),
    // a product sold by a variant (issue 32), so that GET product-variant/{id} answers one
    await t.call('POST', '/v1/product-variant', { token: owner, body: { productId: sized.id, sku: `SWEEP-${sized.id}-V` } }),
  ];
  // a till's day, for its session routes
  const tills = (await t.call('GET', '/v1/till', { token: owner, query: { query: 'all' } })).body.getAllTill as { id: number }[];
  const opened = await t.call('POST', '/v1/till-session', { token: owner, body: { tillId: tills[0]!.id, openingFloat: 0 } });
  made.push(opened);
  const cash = (await t.call('GET', `/v1/till-session/${opened.body.id}/x-report`, { token: owner })).body.byPaymentMethod as {
    paymentMethodId: number;
  }[];
  const counted = cash.map((m) => ({ paymentMethodId: m.paymentMethodId, amount: 0 }));
  const closed = await t.call('POST', `/v1/till-session/${opened.body.id}/close`, { token: owner, body: { counted, floatLeft: 0 } });
  if (closed.status !== 200) throw new Error(JSON.stringify(closed.body));
  for (const answer of made) if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  const supplierId = (await t.call('GET', '/v1/supplier', { token: owner })).body.getAllSupplier[0].id;
  const purchase = await t.call('POST', '/v1/purchase-invoice', {
    token: owner,
    body: {
      supplierId,
      paidAmount: [{ amount: 1 }],
      purchaseInvoiceProduct: [{ productId, productQuantity: 2, productUnitPurchasePrice: 3 }],
    },
  });
  if (purchase.status !== 201) throw new Error(JSON.stringify(purchase.body));
  const lineId = purchase.body.createdInvoice.purchaseInvoiceProduct[0].id;
  const returned = await t.call('POST', '/v1/return-purchase-invoice', {
    token: owner,
    body: {
      purchaseInvoiceId: purchase.body.createdInvoice.id,
      returnPurchaseInvoiceProduct: [{ purchaseInvoiceProductId: lineId, productQuantity: 1 }],
    },
  });
  if (returned.status !== 201) throw new Error(JSON.stringify(returned.body));
  const sale = made[4]!.body.createdInvoice;
  const saleReturn = await t.call('POST', '/v1/return-sale-invoice', {
    token: owner,
    body: {
      saleInvoiceId: sale.id,
      returnSaleInvoiceProduct: [{ saleInvoiceProductId: sale.saleInvoiceProduct[0].id, productQuantity: 1 }],
    },
  });
  if (saleReturn.status !== 201) throw new Error(JSON.stringify(saleReturn.body));
  // the refresh route is walked with a session to refresh
  const session = await t.login(ownerUsername, ownerPassword);
  cookies = { refreshToken: session.cookies.find((c) => c.name === 'refreshToken')!.value, [customerCookie]: shopper.refresh };
  const logo = await sendForm(t, owner, 'POST', '/v1/setting', { companyName: 'Sweep Shop', email: 'shop@example.com' }, [
    { field: 'logo', data: await png() },
  ]);
  if (logo.status !== 200) throw new Error(JSON.stringify(logo.body));
  // a web order, a cart left after it, and a coupon that applies today
  const shop = await checkoutSetup(t, owner);
  const toCart = () => t.call('POST', '/v1/cart', { token: shopper.token, body: { productId, productQuantity: 1 } });
  await toCart();
  const order = await checkout(t, shopper, { deliveryFeeId: shop.feeId, paymentMethodId: shop.cod });
  if (order.status !== 201) throw new Error(JSON.stringify(order.body));
  fixedUrls['/cart/:id'] = `/cart/${(await toCart()).body.cart.id}`;
  // the order delivered, one unit of it asked back, and the product on the shopper's wishlist
  const placed = order.body.createdCartOrder;
  for (const orderStatus of ['RECEIVED', 'SHIPPED', 'DELIVERED']) {
    const moved = await moveOrder(t, owner, { invoiceId: placed.id, orderStatus, courierMediumId: shop.courierId });
    if (moved.status !== 200) throw new Error(JSON.stringify(moved.body));
  }
  const back = await t.call('POST', '/v1/return-cart-order', {
    token: shopper.token,
    body: {
      cartOrderId: placed.id,
      returnType: 'REFUND',
      note: 'Too big',
      returnCartOrderProduct: [{ cartOrderProductId: placed.cartOrderProduct[0].id, productQuantity: 1 }],
    },
  });
  if (back.status !== 201) throw new Error(JSON.stringify(back.body));
  const wished = await t.call('POST', '/v1/product-wishlist', { token: shopper.token, body: { productId } });
  if (wished.status !== 201) throw new Error(JSON.stringify(wished.body));
  const coupon = await t.call('POST', '/v1/coupon', {
    token: owner,
    body: { couponCode: 'SWEEP', type: 'flat', value: 1, startDate: day(-1), endDate: day(5) },
  });
  if (coupon.status !== 201) throw new Error(JSON.stringify(coupon.body));
  fixedUrls['/coupon/valid/:code'] = '/coupon/valid/SWEEP';
  // a review with a photo and a staff reply under it
  const review = await sendForm(t, shopper.token, 'POST', '/v1/review-rating', { productId: String(productId), rating: '4' }, [
    { field: 'images', data: await png() },
  ]);
  if (review.status !== 201) throw new Error(JSON.stringify(review.body));
  const reply = await t.call('POST', '/v1/review-rating/reply', { token: owner, body: { reviewId: review.body.id, comment: 'Thanks' } });
  if (reply.status !== 201) throw new Error(JSON.stringify(reply.body));
  // a lead with an appointment in the book (issue 22)
  const lead = await t.call('POST', '/v1/api/leads', {
    token: owner,
    body: { name: 'Sweep lead', email: 'sweep-lead@example.com', leadOwnerId: registered.body.id },
  });
  if (lead.status !== 201) throw new Error(JSON.stringify(lead.body));
  const appointment = await t.call('POST', '/v1/api/leads/appointmentadd', {
    token: owner,
    body: { leadId: lead.body.data.id, userId: registered.body.id, date: day(1), time: '10:00' },
  });
  if (appointment.status !== 201) throw new Error(JSON.stringify(appointment.body));
  queries['/api/appointments'] = { from: day(0), to: day(7) };
  fixedUrls['/api/appointments/:id'] = `/api/appointments/${appointment.body.data.id}`;
});
afterAll(() => t?.close());

/** Paths of the keys that look like secrets, e.g. `getAllUser.0.password`. */
function secretsIn(value: unknown, allow: string[], at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => secretsIn(item, allow, `${at}${i}.`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(secretKey.test(key) && !(at === '' && allow.includes(key)) ? [`${at}${key}`] : []),
    ...secretsIn(inner, allow, `${at}${key}.`),
  ]);
}

const get = (url: string, query?: Record<string, string>) => t.call('GET', `/v1${url}`, { token: owner, query, cookies });

/** The first row of a list answer (`{getAllX: [...]}` or an array), if any. */
function firstRow(body: unknown): Record<string, unknown> | undefined {
  const lists = Array.isArray(body) ? [body] : body && typeof body === 'object' ? Object.values(body).filter(Array.isArray) : [];
  return lists.flat().find((row): row is Record<string, unknown> => !!row && typeof row === 'object');
}

/** The route's URL with its parameters filled from the first row of the list above it (a file name from the settings' logo; else 1). */
async function concrete(route: RouteDef): Promise<string> {
  let url = route.url;
  if (fixedUrls[url]) return fixedUrls[url]!;
  if (route.access === 'customer') return url.replace(':id', String(customerIdOf));
  for (const [whole, name] of route.url.matchAll(/:(\w+)/g)) {
    const list = url.slice(0, url.indexOf(whole) - 1);
    const row = firstRow((await get(list)).body);
    let value: unknown = row?.[paramFields[name!] ?? name!];
    if (name === 'name')
      value = String((await get('/setting')).body.logo ?? '')
        .split('/')
        .pop();
    url = url.replace(whole, encodeURIComponent(String(value ?? 1)));
  }
  return url;
}

test('no GET route answers a key named like a password, hash, secret or token', async () => {
  const routes = t.app.routeTable.filter((r) => r.method === 'GET');
  expect(routes.length).toBeGreaterThan(50);
  const leaks: string[] = [];
  let withRows = 0;
  const failed: string[] = [];
  for (const route of routes) {
    const url = await concrete(route);
    const answer =
      route.access === 'customer'
        ? await t.call('GET', `/v1${url}`, { token: customerTokenOf, query: queries[route.url] })
        : await get(url, queries[route.url]);
    if (!String(answer.headers['content-type'] ?? '').includes('json')) continue;
    if (answer.status !== 200) failed.push(`GET ${url}: ${answer.status}`);
    if (answer.status === 200 && firstRow(answer.body)) withRows++;
    for (const key of secretsIn(answer.body, allowed[route.url] ?? [])) leaks.push(`GET ${url} (${answer.status}): ${key}`);
  }
  // the walk saw real rows, not only empty lists and errors
  expect(withRows).toBeGreaterThan(30);
  // a route not answering 200 was not really looked at: give it data or its query (`queries`) above
  expect(failed).toEqual([]);
  expect(leaks).toEqual([]);
}, 120_000);

test('the walk reaches the rows that hold secrets in the database', async () => {
  const users = await get('/user');
  expect(users.body.getAllUser.map((u: { username: string }) => u.username)).toContain('sweeper');
  const sweeper = users.body.getAllUser.find((u: { username: string }) => u.username === 'sweeper');
  const detail = await get(`/user/${sweeper.id}`);
  expect(detail.status).toBe(200);
  expect(detail.body.salaryHistory).toHaveLength(1);
  expect(Object.keys(detail.body)).not.toContain('password');
});
