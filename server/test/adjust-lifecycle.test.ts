import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { makeProduct, readProduct } from './factories.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { expectInventoryMatchesLedger, expectLedgerBalanced, expectStockMatchesMovements } from './invariants.ts';

/** An adjustment's state moves active → reversed through its lifecycle, once. */
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.ownerToken();
});
afterAll(() => t?.close());
afterEach(async () => {
  await expectStockMatchesMovements(t);
  await expectLedgerBalanced(t);
  await expectInventoryMatchesLedger(t);
});

const adjust = async (productId: number) => {
  const answer = await t.call('POST', '/v1/adjust-inventory', {
    token: owner,
    body: { adjustInvoiceProduct: [{ productId, adjustQuantity: 2, adjustType: 'decrement' }] },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body;
};
const reverse = (id: number) => t.call('PATCH', `/v1/adjust-inventory/${id}`, { token: owner, body: { status: 'false' } });

describe('adjust inventory lifecycle', () => {
  test('a new adjustment is active; reversed, it says reversed and status false', async () => {
    const p = await makeProduct(t, { productQuantity: 10 });
    const made = await adjust(p.id);
    expect(made).toMatchObject({ state: 'active', status: 'true' });
    const reversed = await reverse(made.id);
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({ id: made.id, state: 'reversed', status: 'false' });
    const listed = await t.call('GET', '/v1/adjust-inventory', { token: owner, query: { status: 'false' } });
    expect(listed.body.getAllAdjustInvoice.find((a: { id: number }) => a.id === made.id)).toMatchObject({
      state: 'reversed',
      status: 'false',
    });
  });

  test('reversing twice at once: one 200, one 409 invalid_transition, the stock put back once', async () => {
    const p = await makeProduct(t, { productQuantity: 10 });
    const made = await adjust(p.id);
    const answers = await Promise.all([reverse(made.id), reverse(made.id)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.code).toBe('invalid_transition');
    expect(refused.body.error).toContain(`Adjust inventory ${made.id}`);
    expect((await readProduct(t, p.id)).productQuantity).toBe(10);
  });

  test('reversing again later is the same 409, and a reversal cannot be reopened', async () => {
    const p = await makeProduct(t, { productQuantity: 10 });
    const made = await adjust(p.id);
    expect((await reverse(made.id)).status).toBe(200);
    const again = await reverse(made.id);
    expect([again.status, again.body.code]).toEqual([409, 'invalid_transition']);
    const reopen = await t.call('PATCH', `/v1/adjust-inventory/${made.id}`, { token: owner, body: { status: 'true' } });
    expect([reopen.status, reopen.body.code]).toEqual([409, 'invalid_transition']);
    expect((await t.call('GET', `/v1/adjust-inventory/${made.id}`, { token: owner })).body.state).toBe('reversed');
  });

  test('a decrement below zero is 409 insufficient_stock naming the product', async () => {
    const p = await makeProduct(t, { productQuantity: 1, name: 'Scarce spoon' });
    const answer = await t.call('POST', '/v1/adjust-inventory', {
      token: owner,
      body: { adjustInvoiceProduct: [{ productId: p.id, adjustQuantity: 2, adjustType: 'decrement' }] },
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'insufficient_stock', fields: { productId: expect.stringContaining('Scarce spoon') } });
    expect(answer.body.error).toContain('Scarce spoon');
  });
});
