import { statementRowLimit, walkInCustomerName } from '@tillbook/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';

/** Customers on the staff side: create, edit, hide, statement, report and search; the walk-in customer. */
const t = useTestApp({ invariants: true });
let owner: string;

beforeAll(async () => {
  owner = await t.ownerToken();
});

const call = (method: string, url: string, body?: unknown, token = owner, query?: Record<string, string>) =>
  t.call(method, `/v1/${url}`, { token, body, query });

describe('customers', () => {
  test('the walk-in customer exists from the first start', async () => {
    const list = await call('GET', 'customer', undefined, owner, { query: 'search', key: 'Walk-in' });
    expect(list.status).toBe(200);
    expect(list.body.getAllCustomer.map((c: any) => c.username)).toEqual([walkInCustomerName]);
    const id = list.body.getAllCustomer[0].id;
    const hide = await call('PATCH', `customer/${id}`, { status: 'false' });
    expect(hide.status).toBe(409);
  });

  test('staff create, edit and hide a customer; no password in any answer', async () => {
    const created = await call('POST', 'customer', {
      username: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '555-0101',
      address: 'London',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'Ada Lovelace', email: 'ada@example.com', phone: '555-0101', status: 'true' });
    expect(created.body).not.toHaveProperty('password');
    expect(created.body).not.toHaveProperty('roleId');
    const id = created.body.id;

    const twin = await call('POST', 'customer', { username: 'Other Ada', email: 'ADA@example.com' });
    expect(twin.status).toBe(409);
    const noName = await call('POST', 'customer', { email: 'x@example.com' });
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toHaveProperty('username');

    const edited = await call('PUT', `customer/${id}`, { username: 'Ada King', email: 'ada@example.com', phone: '555-0102' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ username: 'Ada King', phone: '555-0102' });

    const single = await call('GET', `customer/${id}`);
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({
      username: 'Ada King',
      totalAmount: 0,
      totalPaidAmount: 0,
      totalReturnAmount: 0,
      instantPaidReturnAmount: 0,
      dueAmount: 0,
      totalSaleInvoice: 0,
      saleInvoice: [],
      rowLimit: statementRowLimit,
      truncated: 'false',
    });
    expect(JSON.stringify(single.body)).not.toMatch(/password/i);

    const search = await call('GET', 'customer', undefined, owner, { query: 'search', key: '555-0102' });
    expect(search.body.getAllCustomer.map((c: any) => c.id)).toEqual([id]);

    const report = await call('GET', 'customer', undefined, owner, { query: 'report' });
    expect(report.status).toBe(200);
    expect(report.body.grandData).toEqual({
      grandTotalAmount: 0,
      grandTotalPaidAmount: 0,
      grandTotalReturnAmount: 0,
      grandInstantPaidReturnAmount: 0,
      grandDueAmount: 0,
    });
    expect(report.body.allCustomer.find((c: any) => c.id === id)).toMatchObject({ username: 'Ada King', dueAmount: 0 });

    const hidden = await call('PATCH', `customer/${id}`, { status: 'false' });
    expect(hidden.status).toBe(200);
    const active = await call('GET', 'customer', undefined, owner, { query: 'all' });
    expect(active.body.getAllCustomer.map((c: any) => c.id)).not.toContain(id);
    expect(await call('GET', 'customer/999999')).toMatchObject({ status: 404 });
  });

  test('permissions: 401 without a token, 403 without the permission or with a customer token', async () => {
    expect((await t.call('GET', '/v1/customer')).status).toBe(401);
    const clerk = await t.staffWith(['readAll-customer']);
    expect((await call('GET', 'customer', undefined, clerk.token)).status).toBe(200);
    expect((await call('POST', 'customer', { username: 'Nope' }, clerk.token)).status).toBe(403);
    const shopper = await t.customerToken();
    expect((await call('GET', `customer/${shopper.customerId}`, undefined, shopper.token)).status).toBe(403);
    expect((await call('GET', 'customer', undefined, shopper.token)).status).toBe(403);
  });
});
