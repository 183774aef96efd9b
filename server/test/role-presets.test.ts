import { costPermission, rolePresets } from '@tillbook/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import * as s from '../src/schema/index.ts';
import { seedBase } from '../src/seed/base.ts';
import { useTestApp } from './harness.ts';
import { paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/** Issue 19 points 9 and 10: the roles a shop starts with, a cashier's till, and profit only for who may see it. */
const t = useTestApp({ invariants: true });
let owner: string;
let cash: number;

const grantsOf = async (roleName: string) =>
  (
    await rows(
      t,
      sql`select p.name from role_permission rp join role r on r.id = rp.role_id join permission p on p.id = rp.permission_id
        where r.name = ${roleName} order by p.name`,
    )
  ).map((r) => r.name as string);

/** A new member of staff in one of the seeded roles, signed in. */
async function staffIn(roleName: string) {
  const [role] = await rows(t, sql`select id from role where name = ${roleName}`);
  const username = `${roleName}-${Math.random().toString(36).slice(2, 8)}`;
  const made = await t.call('POST', '/v1/user/register', {
    token: owner,
    body: { firstName: 'New', lastName: 'Staff', username, password: 'staff-password-1', roleId: role.id },
  });
  expect(made.status).toBe(201);
  const login = await t.login(username, 'staff-password-1');
  expect(login.status).toBe(200);
  return login.body.token as string;
}

beforeAll(async () => {
  owner = await t.ownerToken();
  ({ cash } = await paymentMethods(t, owner));
});

describe('role presets', () => {
  test("a new shop's staff roles come with their work's grants; the cashier is the reference's salesman", async () => {
    const [salesman] = await rows(t, sql`select id from role where name = 'salesman'`);
    expect(salesman).toBeUndefined();
    for (const [name, preset] of Object.entries(rolePresets)) {
      expect(await grantsOf(name), name).toEqual([...preset].sort());
      expect(preset.length, name).toBeGreaterThan(0);
    }
    expect(await grantsOf('cashier')).toEqual(expect.arrayContaining(['create-saleInvoice', 'readAll-paymentMethod', 'readAll-pageSize']));
    expect(await grantsOf('cashier')).not.toContain(costPermission);
    expect(await grantsOf('manager')).toContain(costPermission);
  });

  test('a shop seeded before the presets: its salesman becomes the cashier, an empty role gets its preset, a set-up role keeps its own', async () => {
    const db = t.database.db;
    // as the older seed left it: the salesman and the accountant without grants, the delivery role set up by the owner
    await db.execute(
      sql`delete from role_permission where role_id in (select id from role where name in ('cashier', 'accountant', 'delivery-boy'))`,
    );
    await db.execute(sql`update role set name = 'salesman' where name = 'cashier'`);
    await db.execute(sql`update role set preset_granted = false`);
    await db.execute(sql`insert into role_permission (role_id, permission_id)
      select r.id, p.id from role r, permission p where r.name = 'delivery-boy' and p.name = 'readAll-product'`);
    await seedBase(db, { adminUsername: 'owner' });
    expect(await rows(t, sql`select id from role where name = 'salesman'`)).toEqual([]);
    expect(await grantsOf('cashier')).toEqual([...rolePresets.cashier!].sort());
    expect(await grantsOf('accountant')).toEqual([...rolePresets.accountant!].sort());
    expect(await grantsOf('delivery-boy')).toEqual(['readAll-product']);
    expect(await grantsOf('manager')).toEqual([...rolePresets.manager!].sort());

    // once given, never again: a role the owner empties stays empty at the next start
    await db
      .delete(s.rolePermission)
      .where(eq(s.rolePermission.roleId, (await rows(t, sql`select id from role where name = 'accountant'`))[0].id));
    await seedBase(db, { adminUsername: 'owner' });
    expect(await grantsOf('accountant')).toEqual([]);
    expect(await grantsOf('cashier')).toEqual([...rolePresets.cashier!].sort());
  });
});

describe("a cashier's till", () => {
  test('a cashier from the preset reads the payment methods and page sizes and sells', async () => {
    const cashier = await staffIn('cashier');
    const methods = await t.call('GET', '/v1/payment-method', { token: cashier, query: { query: 'all', status: 'true' } });
    expect(methods.status).toBe(200);
    expect(methods.body.getAllPaymentMethod.map((m: { id: number }) => m.id)).toContain(cash);
    expect((await t.call('GET', '/v1/page-size', { token: cashier, query: { query: 'all' } })).status).toBe(200);
    const product = await referenceProduct(t);
    const sale = await t.call('POST', '/v1/sale-invoice', {
      token: cashier,
      body: { saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 20 }] },
    });
    expect(sale.status).toBe(201);
    expect(sale.body.change).toBe(6.8);
  });

  test('a role that may only sell reads the payment methods, the page sizes and the walk-in customer, nothing more', async () => {
    const { token: seller } = await t.staffWith(['create-saleInvoice']);
    expect((await t.call('GET', '/v1/payment-method', { token: seller, query: { query: 'all' } })).status).toBe(200);
    expect((await t.call('GET', '/v1/page-size', { token: seller })).status).toBe(200);
    await t.call('POST', '/v1/customer', { token: owner, body: { username: 'Named Buyer', phone: '0170000001' } });
    const customers = await t.call('GET', '/v1/customer', { token: seller, query: { count: '100' } });
    expect(customers.status).toBe(200);
    expect(customers.body.getAllCustomer.map((c: { username: string }) => c.username)).toEqual(['Walk-in customer']);
    expect(customers.body.totalCustomer).toBe(1);
    // the owner sees them all; the balances report and the writes stay with the customer permissions
    const all = await t.call('GET', '/v1/customer', { token: owner, query: { count: '100' } });
    expect(all.body.totalCustomer).toBeGreaterThan(1);
    expect((await t.call('GET', '/v1/customer', { token: seller, query: { query: 'report' } })).status).toBe(403);
    expect((await t.call('GET', '/v1/payment-method/1', { token: seller })).status).toBe(403);
    expect((await t.call('POST', '/v1/payment-method', { token: seller, body: { methodName: 'Mine', subAccountId: 1 } })).status).toBe(403);
    // and nobody else: a role without selling is refused as before
    const { token: other } = await t.staffWith(['readAll-product']);
    expect((await t.call('GET', '/v1/payment-method', { token: other })).status).toBe(403);
    expect((await t.call('GET', '/v1/customer', { token: other })).status).toBe(403);
  });
});

describe('profit only with the cost permission', () => {
  test('a cashier gets no profit in the sale list, its totals, a sale or a held sale; the manager does', async () => {
    const cashier = await staffIn('cashier');
    const manager = await staffIn('manager');
    const product = await referenceProduct(t);
    const sold = await t.call('POST', '/v1/sale-invoice', {
      token: cashier,
      body: { saleInvoiceProduct: [{ productId: product.id, productQuantity: 2 }], paidAmount: [{ paymentType: cash, amount: 26.4 }] },
    });
    expect(sold.status).toBe(201);
    expect(sold.body.createdInvoice).not.toHaveProperty('profit');
    const id = sold.body.createdInvoice.id;
    const held = await t.call('POST', '/v1/sale-invoice', {
      token: cashier,
      body: { saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }], paidAmount: [], isHold: 'true' },
    });
    expect(held.status).toBe(201);

    const list = await t.call('GET', '/v1/sale-invoice', { token: cashier, query: { count: '100' } });
    expect(list.status).toBe(200);
    expect(list.body.getAllSaleInvoice.length).toBeGreaterThan(0);
    for (const row of list.body.getAllSaleInvoice) expect(row).not.toHaveProperty('profit');
    expect(list.body.aggregations._sum).not.toHaveProperty('profit');
    expect((await t.call('GET', `/v1/sale-invoice/${id}`, { token: cashier })).body.singleSaleInvoice).not.toHaveProperty('profit');
    const heldList = await t.call('GET', '/v1/sale-invoice/hold', { token: cashier });
    for (const row of heldList.body.allHoldInvoice) expect(row).not.toHaveProperty('profit');
    expect((await t.call('GET', `/v1/sale-invoice/hold/${held.body.createdInvoice.id}`, { token: cashier })).body).not.toHaveProperty(
      'profit',
    );

    // 2 × 12.00 sold, bought at 5.00: 14.00 profit
    const seen = await t.call('GET', `/v1/sale-invoice/${id}`, { token: manager });
    expect(seen.body.singleSaleInvoice.profit).toBe(14);
    const managerList = await t.call('GET', '/v1/sale-invoice', { token: manager, query: { count: '100' } });
    expect(managerList.body.getAllSaleInvoice.find((r: { id: number }) => r.id === id).profit).toBe(14);
    expect(typeof managerList.body.aggregations._sum.profit).toBe('number');
  });

  test('the dashboard sends profits and the stock at cost only with the cost permission', async () => {
    const { token: viewer } = await t.staffWith(['readAll-dashboard']);
    const { token: costs } = await t.staffWith(['readAll-dashboard', costPermission]);
    const product = await referenceProduct(t);
    const sold = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: { saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }], paidAmount: [{ paymentType: cash, amount: 13.2 }] },
    });
    expect(sold.status).toBe(201);
    const plain = await t.call('GET', '/v1/dashboard', { token: viewer });
    expect(plain.status).toBe(200);
    expect(plain.body.totalSaleAmount).toBeGreaterThan(0);
    expect(plain.body).not.toHaveProperty('totalProfit');
    expect(plain.body).not.toHaveProperty('stockValue');
    for (const row of [...plain.body.daily, ...plain.body.topProducts, ...plain.body.topCustomers])
      expect(row).not.toHaveProperty('profit');
    // the same range asked by a role that may see costs (the kept answer was not cut)
    const full = await t.call('GET', '/v1/dashboard', { token: costs });
    expect(full.body.totalProfit).toBeGreaterThan(0);
    expect(full.body.stockValue).toBeGreaterThan(0);
    expect(full.body.topProducts[0]).toHaveProperty('profit');
  });

  test('a cashier finds products without their cost; a manager sees it', async () => {
    const cashier = await staffIn('cashier');
    const manager = await staffIn('manager');
    const product = await referenceProduct(t);
    const found = await t.call('GET', '/v1/product', { token: cashier, query: { query: 'search', key: product.sku } });
    expect(found.status).toBe(200);
    expect(found.body.getAllProduct[0]).toMatchObject({ id: product.id, productSalePrice: 12 });
    expect(found.body.getAllProduct[0]).not.toHaveProperty('productPurchasePrice');
    const page = await t.call('GET', '/v1/product', { token: cashier, query: { count: '5' } });
    for (const row of page.body.getAllProduct) expect(row).not.toHaveProperty('productPurchasePrice');
    const one = await t.call('GET', `/v1/product/${product.id}`, { token: cashier });
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('productPurchasePrice');
    expect(one.body.stockMovements.length).toBeGreaterThan(0);
    for (const movement of one.body.stockMovements) expect(movement).not.toHaveProperty('unitCost');
    const seen = await t.call('GET', `/v1/product/${product.id}`, { token: manager });
    expect(seen.body.productPurchasePrice).toBe(5);
    expect(seen.body.stockMovements[0].unitCost).toBe(5);
  });

  test("a cashier's product export has no purchase price column; a manager's has it, with the cost", async () => {
    const product = await referenceProduct(t);
    const exported = async (token: string) => {
      const answer = await t.call('GET', '/v1/product/export', { token, query: { key: product.sku } });
      expect(answer.status).toBe(200);
      const [header, line] = (answer.body as string).replace('\uFEFF', '').split('\r\n');
      return Object.fromEntries(header!.split(',').map((column, i) => [column, line!.split(',')[i]]));
    };
    const byCashier = await exported(await staffIn('cashier'));
    expect(byCashier).toMatchObject({ sku: product.sku, productSalePrice: '12.00' });
    expect(byCashier).not.toHaveProperty('productPurchasePrice');
    expect(await exported(await staffIn('manager'))).toMatchObject({ sku: product.sku, productPurchasePrice: '5.00' });
  });

  test("a customer's own invoices carry no profit", async () => {
    const { token, customerId } = await t.customerToken();
    const product = await referenceProduct(t);
    const sold = await t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: {
        customerId,
        saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }],
        paidAmount: [{ paymentType: cash, amount: 13.2 }],
      },
    });
    expect(sold.status).toBe(201);
    expect(sold.body.createdInvoice.profit).toBe(7);
    const mine = await t.call('GET', '/v1/sale-invoice/customer', { token });
    expect(mine.status).toBe(200);
    expect(mine.body.getAllSaleInvoice).toHaveLength(1);
    expect(mine.body.getAllSaleInvoice[0]).not.toHaveProperty('profit');
    expect(mine.body.aggregations._sum).not.toHaveProperty('profit');
  });
});
