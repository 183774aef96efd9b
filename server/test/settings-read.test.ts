import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { users } from '../src/schema/index.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

// the shop's address and VAT number are on every invoice, a shopper's too
const publicKeys = ['address', 'cashDenominations', 'companyName', 'currency', 'footer', 'logo', 'tagLine', 'vatNumber'];
const staffOnlyKeys = ['allowNegativeStock', 'blindClose', 'currencyId', 'dashboardType', 'email', 'phone', 'website'];

const read = (token?: string) => t.call('GET', '/v1/setting', { token });

describe('GET /setting', () => {
  test('anyone gets only the public fields, with the currency', async () => {
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(publicKeys);
    expect(answer.body).toEqual({
      companyName: 'My Shop',
      tagLine: null,
      logo: null,
      footer: 'Powered by Tillbook',
      address: null,
      vatNumber: null,
      currency: { id: expect.any(Number), currencyName: 'DOLLAR', currencySymbol: '$' },
      cashDenominations: '100,50,20,10,5,2,1,0.5,0.25,0.1,0.05,0.01',
    });
  });

  test('the owner gets every field', async () => {
    const answer = await read(await t.ownerToken());
    expect(answer.status).toBe(200);
    for (const key of [...publicKeys, ...staffOnlyKeys]) expect(answer.body, key).toHaveProperty(key);
    expect(answer.body).toMatchObject({
      companyName: 'My Shop',
      dashboardType: 'both',
      allowNegativeStock: 'false',
      currencyId: answer.body.currency.id,
      address: null,
      email: null,
      website: null,
    });
    expect(answer.body).not.toHaveProperty('status');
  });

  test('staff whose role holds readAll-setting get every field', async () => {
    const staff = await t.staffWith(['readAll-setting']);
    const answer = await read(staff.token);
    expect(answer.status).toBe(200);
    for (const key of staffOnlyKeys) expect(answer.body, key).toHaveProperty(key);
  });

  test('staff without readAll-setting get only the public fields', async () => {
    const staff = await t.staffWith(['update-setting']);
    const answer = await read(staff.token);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(publicKeys);
  });

  test('a customer gets only the public fields', async () => {
    const { token } = await t.customerToken();
    const answer = await read(token);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(publicKeys);
  });

  test('a hidden staff account gets only the public fields, even with a valid token', async () => {
    const staff = await t.staffWith(['readAll-setting']);
    await t.database.db.update(users).set({ status: false }).where(eq(users.id, staff.userId));
    const answer = await read(staff.token);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(publicKeys);
  });

  test('a forged or expired token is treated as no token, not refused', async () => {
    expect((await read('not-a-token')).status).toBe(200);
    const expired = await t.tokens.sign({ id: 1, kind: 'staff', roleId: 1, role: 'super-admin' }, -60);
    const answer = await read(expired);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(publicKeys);
  });
});
