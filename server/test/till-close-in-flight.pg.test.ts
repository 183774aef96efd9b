import { expect, test } from 'vitest';
import { pgClient } from '../src/platform/pg-client.ts';
import { useTestApp } from './harness.ts';
import { paymentMethods } from './sale-fixtures.ts';

/**
 * The close is refused while a document of the session is in flight (issue 31): here a transaction holding the
 * session's row shared as a sale does until it commits. Once it has committed, the close goes through.
 */
const t = useTestApp({ invariants: true });

test('a close while a sale of the session is in flight is refused, and goes through once it is done', async () => {
  const owner = await t.ownerToken();
  const { cash } = await paymentMethods(t, owner);
  const till = (await t.call('POST', '/v1/till', { token: owner, body: { name: 'In flight' } })).body.id;
  const session = (await t.call('POST', '/v1/till-session', { token: owner, body: { tillId: till, openingFloat: 10 } })).body.id;
  const body = { counted: [{ paymentMethodId: cash, amount: 10 }], floatLeft: 10 };
  const sale = pgClient(t.databaseUrl!);
  sale.on('error', () => {});
  await sale.connect();
  try {
    await sale.query('begin');
    await sale.query('select id from till_session where id = $1 for share', [session]);
    const refused = await t.call('POST', `/v1/till-session/${session}/close`, { token: owner, body });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(`A sale or a close of till session ${session} is in flight: close again in a moment`);
    await sale.query('commit');
  } finally {
    await sale.end();
  }
  const closed = await t.call('POST', `/v1/till-session/${session}/close`, { token: owner, body });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  expect(closed.body).toMatchObject({ zNumber: 1, variance: 0 });
});
