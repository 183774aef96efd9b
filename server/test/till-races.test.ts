import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { useTestApp } from './harness.ts';
import { paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/** The till's day under faults (issue 31): two devices opening one till, a double-clicked close, sales racing the close. */
const t = useTestApp({ invariants: true });
let owner: string;
let methods: { cash: number; card: number };
let product: { id: number };

beforeAll(async () => {
  owner = await t.ownerToken();
  methods = await paymentMethods(t, owner);
  product = await referenceProduct(t, 100);
});

const newTill = async (name: string) => (await t.call('POST', '/v1/till', { token: owner, body: { name } })).body.id as number;
const open = (tillId: number) => t.call('POST', '/v1/till-session', { token: owner, body: { tillId, openingFloat: 40 } });
const close = (id: number, cash: number) =>
  t.call('POST', `/v1/till-session/${id}/close`, {
    token: owner,
    body: { counted: [{ paymentMethodId: methods.cash, amount: cash }], floatLeft: 0 },
  });
const counted = async (id: number) => {
  const x = await t.call('GET', `/v1/till-session/${id}/x-report`, { token: owner });
  return x.body.byPaymentMethod.map((m: { paymentMethodId: number; expected: number }) => ({
    paymentMethodId: m.paymentMethodId,
    amount: m.expected,
  }));
};

test('two devices opening one till at once make one session', async () => {
  const till = await newTill('Race open');
  const answers = await Promise.all([open(till), open(till), open(till)]);
  expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  const [n] = await rows(t, sql`select count(*)::int as n from till_session where till_id = ${till}`);
  expect(n.n).toBe(1);
});

test('a double-clicked close makes one Z', async () => {
  const till = await newTill('Race close');
  const session = (await open(till)).body.id;
  const body = { counted: await counted(session), floatLeft: 0 };
  const answers = await Promise.all([1, 2].map(() => t.call('POST', `/v1/till-session/${session}/close`, { token: owner, body })));
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  const [z] = await rows(t, sql`select last_z_number as z from till where id = ${till}`);
  expect(z.z).toBe(1);
});

test('sales racing the close are either in its Z or refused naming the closed session, never lost between', async () => {
  const till = await newTill('Race sale');
  const session = (await open(till)).body.id;
  const sale = () =>
    t.call('POST', '/v1/sale-invoice', {
      token: owner,
      body: {
        tillSessionId: session,
        saleInvoiceProduct: [{ productId: product.id, productQuantity: 1 }],
        paidAmount: [{ paymentType: methods.cash, amount: 13.2 }],
      },
    });
  const first = sale();
  const rest = [sale(), sale(), sale()];
  const closing = close(session, 40);
  const answers = await Promise.all([first, ...rest]);
  // refused while a sale was in flight (PostgreSQL): the cashier closes again once it is done
  let z = await closing;
  while (z.status === 409 && /in flight/.test(z.body.error)) z = await close(session, 40);
  expect(z.status, JSON.stringify(z.body)).toBe(200);
  const sold = answers.filter((a) => a.status === 201).length;
  for (const a of answers.filter((x) => x.status !== 201)) {
    expect(a.status).toBe(409);
    expect(a.body.error).toContain(`Till session ${session} of Race sale is closed`);
  }
  const [inSession] = await rows(
    t,
    sql`select count(*)::int as n from sale_invoice where till_session_id = ${session} and state = 'completed'`,
  );
  expect(inSession.n).toBe(sold);
  expect(z.body.counts.sales).toBe(sold);
  expect(z.body.expectedCash).toBeCloseTo(40 + 13.2 * sold, 2);
});
