import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { fixedClock } from '../src/platform/clock.ts';
import { useTestApp } from './harness.ts';
import { namedCustomer, paymentMethods, referenceProduct, rows } from './sale-fixtures.ts';

/**
 * A day of two tills and two cashiers (issue 31): floats, cash and card sales, a return, pay in, pay out, a drop,
 * a no-sale, a held sale blocking the close, a blind close $2.35 short, and the Z's figures one by one against
 * the ledger's rows. P sells at 12.00 + 10 % VAT = 13.20.
 */
const t = useTestApp({ invariants: true });
const cashierGrants = [
  'create-saleInvoice',
  'update-saleInvoice',
  'create-returnSaleInvoice',
  'readAll-paymentMethod',
  'readAll-till',
  'create-tillSession',
  'readSingle-tillSession',
  'create-tillCash',
];
let owner: string;
let first: { token: string; userId: number };
let second: { token: string; userId: number };
let methods: { cash: number; card: number };
let front: { id: number; subAccountId: number };
let back: { id: number; subAccountId: number };
let product: { id: number };

const sell = (token: string, body: Record<string, unknown>) => t.call('POST', '/v1/sale-invoice', { token, body });
const line = (quantity = 1) => [{ productId: product.id, productQuantity: quantity }];
const open = (token: string, tillId: number, openingFloat: number) =>
  t.call('POST', '/v1/till-session', { token, body: { tillId, openingFloat } });
const drawerBalance = async (subAccountId: number) => {
  const [row] = await rows(
    t,
    sql`select coalesce(sum(case when debit_id = ${subAccountId} then amount else -amount end), 0)::text as balance
      from "transaction" where ${subAccountId} in (debit_id, credit_id)`,
  );
  return Number(row.balance);
};
/** Σ of the session's ledger rows of one type debiting (or crediting) an account. */
const ledgerSum = async (sessionId: number, type: string, side: 'debit' | 'credit', accountId: number) => {
  const column = side === 'debit' ? sql`debit_id` : sql`credit_id`;
  const [row] = await rows(
    t,
    sql`select coalesce(sum(amount), 0)::text as s from "transaction" where till_session_id = ${sessionId} and type = ${type} and ${column} = ${accountId}`,
  );
  return Number(row.s);
};

beforeAll(async () => {
  owner = await t.ownerToken();
  first = await t.staffWith(cashierGrants, 'cashier-a');
  second = await t.staffWith(cashierGrants, 'cashier-b');
  methods = await paymentMethods(t, owner);
  product = await referenceProduct(t, 50);
  const made = async (body: Record<string, unknown>) => {
    const answer = await t.call('POST', '/v1/till', { token: owner, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  };
  front = await made({ name: 'Front', paymentMethodIds: [methods.cash, methods.card], receiptSize: '80mm' });
  back = await made({ name: 'Back' });
});

describe('tills', () => {
  test('a till gets a drawer account of its own under Asset, and the shop starts with Till 1', async () => {
    const [account] = await rows(
      t,
      sql`select s.name, a.system_key from sub_account s join account a on a.id = s.account_id where s.id = ${front.subAccountId}`,
    );
    expect(account).toEqual({ name: 'Front drawer', system_key: 'asset' });
    const list = await t.call('GET', '/v1/till', { token: owner, query: { query: 'all' } });
    expect(list.body.getAllTill.map((x: { name: string }) => x.name)).toEqual(expect.arrayContaining(['Till 1', 'Front', 'Back']));
    const refused = await t.call('POST', '/v1/till', { token: owner, body: { name: 'Odd', paymentMethodIds: [999999] } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty(['paymentMethodIds.0']);
  });
});

describe('a day at two tills', () => {
  let a: number;
  let b: number;
  let sale1: { id: number; saleInvoiceProduct: { id: number }[] };
  let held: number;

  test('each till opens once; a second open of the same till is refused', async () => {
    const opened = await open(first.token, front.id, 100);
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toMatchObject({ tillId: front.id, status: 'OPEN', openingFloat: 100, floatDifference: 100 });
    a = opened.body.id;
    const again = await open(second.token, front.id, 20);
    expect(again.status).toBe(409);
    expect(again.body.error).toContain('Front is already open');
    const other = await open(second.token, back.id, 50);
    expect(other.status).toBe(201);
    b = other.body.id;
    // each till names its own open session
    const tills = await t.call('GET', '/v1/till', { token: first.token, query: { query: 'all' } });
    const openOf = Object.fromEntries(
      tills.body.getAllTill.map((x: { id: number; openSessionId: number | null }) => [x.id, x.openSessionId]),
    );
    expect([openOf[front.id], openOf[back.id]]).toEqual([a, b]);
    expect(await drawerBalance(front.subAccountId)).toBe(100);
  });

  test('sales, a return and cash moves belong to their session', async () => {
    const s1 = await sell(first.token, {
      tillSessionId: a,
      saleInvoiceProduct: line(2),
      paidAmount: [{ paymentType: methods.cash, amount: 30 }],
    });
    expect(s1.status, JSON.stringify(s1.body)).toBe(201);
    expect(s1.body.change).toBe(3.6);
    sale1 = s1.body.createdInvoice;
    const s2 = await sell(first.token, {
      tillSessionId: a,
      saleInvoiceProduct: line(),
      paidAmount: [{ paymentType: methods.card, amount: 13.2 }],
    });
    expect(s2.status).toBe(201);
    const s3 = await sell(second.token, {
      tillSessionId: b,
      saleInvoiceProduct: line(),
      paidAmount: [{ paymentType: methods.cash, amount: 13.2 }],
    });
    expect(s3.status).toBe(201);
    const back1 = await t.call('POST', '/v1/return-sale-invoice', {
      token: first.token,
      body: {
        saleInvoiceId: sale1.id,
        tillSessionId: a,
        returnSaleInvoiceProduct: [{ saleInvoiceProductId: sale1.saleInvoiceProduct[0]!.id, productQuantity: 1 }],
        instantReturnAmount: [{ paymentType: methods.cash, amount: 13.2 }],
      },
    });
    expect(back1.status, JSON.stringify(back1.body)).toBe(201);
    const [utilities] = await rows(t, sql`select id from sub_account where system_key = 'utilities'`);
    const cash = (body: Record<string, unknown>) => t.call('POST', `/v1/till-session/${a}/cash`, { token: first.token, body });
    expect((await cash({ type: 'IN', amount: 20, reason: 'Change from the bank' })).status).toBe(201);
    const out = await cash({ type: 'OUT', amount: 5.5, reason: 'Milk', subAccountId: utilities.id });
    expect(out.status).toBe(201);
    expect(out.body).toMatchObject({ type: 'OUT', amount: 5.5, subAccountId: utilities.id, message: 'Cash paid out' });
    expect((await cash({ type: 'DROP', amount: 50, reason: 'Midday drop' })).status).toBe(201);
    const refused = await cash({ type: 'OUT', amount: 0, reason: 'Nothing' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty('amount');
    expect((await t.call('POST', `/v1/till-session/${a}/no-sale`, { token: first.token })).status).toBe(201);
    const parked = await sell(first.token, { tillSessionId: a, isHold: 'true', saleInvoiceProduct: line() });
    expect(parked.status).toBe(201);
    held = parked.body.createdInvoice.id;
  });

  test('a till refuses a method it does not take', async () => {
    const voucher = await t.call('POST', '/v1/payment-method', {
      token: owner,
      body: { methodName: 'Voucher', subAccountId: (await rows(t, sql`select id from sub_account where system_key = 'bank'`))[0].id },
    });
    const refused = await sell(first.token, {
      tillSessionId: a,
      saleInvoiceProduct: line(),
      paidAmount: [{ paymentType: voucher.body.id, amount: 13.2 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'paidAmount.0.paymentType': 'is not taken at Front' });
  });

  test('the X report: figures from the ledger; the cashier does not see the expected cash (blind close)', async () => {
    const x = await t.call('GET', `/v1/till-session/${a}/x-report`, { token: owner });
    expect(x.status, JSON.stringify(x.body)).toBe(200);
    const drawer = front.subAccountId;
    expect(x.body.sales).toBe(39.6);
    expect(x.body.returns).toBe(13.2);
    expect(x.body.counts).toEqual({ sales: 2, returns: 1, voids: 0, noSales: 1 });
    expect(x.body).toMatchObject({ cashIn: 20, cashOut: 5.5, drops: 50, openingFloat: 100, status: 'OPEN' });
    const cashSales = await ledgerSum(a, 'sale', 'debit', drawer);
    const cashRefunds = await ledgerSum(a, 'saleReturn', 'credit', drawer);
    expect([cashSales, cashRefunds]).toEqual([26.4, 13.2]);
    expect(x.body.expectedCash).toBeCloseTo(100 + cashSales - cashRefunds + 20 - 5.5 - 50, 2);
    expect(x.body.expectedCash).toBe(await drawerBalance(drawer));
    const byMethod = Object.fromEntries(x.body.byPaymentMethod.map((m: { paymentMethodId: number }) => [m.paymentMethodId, m]));
    expect(byMethod[methods.cash]).toMatchObject({ sales: 26.4, refunds: 13.2, expected: 77.7 });
    expect(byMethod[methods.card]).toMatchObject({ sales: 13.2, refunds: 0, expected: 13.2 });
    expect(x.body.byVatRate).toEqual([{ rate: 10, net: 24, vat: 2.4 }]);
    const blind = await t.call('GET', `/v1/till-session/${a}/x-report`, { token: first.token });
    expect(blind.status).toBe(200);
    expect(blind.body.expectedCash).toBeNull();
    expect(blind.body.sales).toBe(39.6);
    // with blind close off (a setting), the cashier sees it too
    expect((await t.call('POST', '/v1/setting', { token: owner, body: { blindClose: 'false' } })).status).toBe(200);
    const open = await t.call('GET', `/v1/till-session/${a}/x-report`, { token: first.token });
    expect(open.body.expectedCash).toBe(x.body.expectedCash);
    expect((await t.call('POST', '/v1/setting', { token: owner, body: { blindClose: 'true' } })).status).toBe(200);
  });

  test('the close is refused while a held sale of the session is open, naming it', async () => {
    const refused = await t.call('POST', `/v1/till-session/${a}/close`, {
      token: first.token,
      body: { counted: [{ paymentMethodId: methods.cash, amount: 75.35 }], floatLeft: 50 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain(`#${held}`);
    const cancelled = await t.call('PATCH', '/v1/sale-invoice/order', { token: first.token, body: { invoiceId: held, status: 'false' } });
    expect(cancelled.status).toBe(200);
  });

  test('another cashier may not close it; its own cashier closes it blind, $2.35 short, once', async () => {
    const body = {
      counted: [
        { paymentMethodId: methods.cash, amount: 75.35 },
        { paymentMethodId: methods.card, amount: 13.2 },
      ],
      floatLeft: 50,
    };
    const notTheirs = await t.call('POST', `/v1/till-session/${a}/close`, { token: second.token, body });
    expect(notTheirs.status).toBe(403);
    const closed = await t.call('POST', `/v1/till-session/${a}/close`, { token: first.token, body });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const z = closed.body;
    expect(z).toMatchObject({ zNumber: 1, status: 'CLOSED', expectedCash: 77.7, countedCash: 75.35, variance: -2.35, floatLeft: 50 });
    expect(z.counts).toEqual({ sales: 2, returns: 1, voids: 1, noSales: 1 });
    const cash = z.byPaymentMethod.find((m: { paymentMethodId: number }) => m.paymentMethodId === methods.cash);
    expect(cash).toMatchObject({ expected: 77.7, counted: 75.35, variance: -2.35 });
    const [short] = await rows(
      t,
      sql`select x.amount::text as amount, x.credit_id = ${front.subAccountId} as from_drawer from "transaction" x
        join sub_account d on d.id = x.debit_id where x.till_session_id = ${a} and d.system_key = 'cashOverShort'`,
    );
    expect(short).toEqual({ amount: '2.35', from_drawer: true });
    expect(await drawerBalance(front.subAccountId)).toBe(50);
    const again = await t.call('POST', `/v1/till-session/${a}/close`, { token: first.token, body });
    expect(again.status).toBe(409);
    const [zs] = await rows(t, sql`select count(*)::int as n from till_session where till_id = ${front.id} and z_number is not null`);
    expect(zs.n).toBe(1);
    expect((await t.call('GET', `/v1/till-session/${a}/z-report`, { token: owner })).body).toEqual(z);
  });

  test('a sale naming the closed session is refused, naming it; the next session starts from the float left', async () => {
    const late = await sell(first.token, {
      tillSessionId: a,
      saleInvoiceProduct: line(),
      paidAmount: [{ paymentType: methods.cash, amount: 13.2 }],
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toContain(`Till session ${a} of Front is closed`);
    const next = await open(first.token, front.id, 60);
    expect(next.body).toMatchObject({ status: 'OPEN', openingFloat: 60, floatDifference: 10 });
    const x = await t.call('GET', `/v1/till-session/${next.body.id}/x-report`, { token: owner });
    expect(x.body.expectedCash).toBe(60);
    const closed = await t.call('POST', `/v1/till-session/${next.body.id}/close`, {
      token: owner,
      body: { counted: [{ paymentMethodId: methods.cash, amount: 60 }], floatLeft: 60 },
    });
    expect(closed.body).toMatchObject({ zNumber: 2, variance: 0 });
  });

  test('the dashboard shows the open sessions and the last 30 days variances per till and per cashier', async () => {
    const dashboard = await t.call('GET', '/v1/dashboard', { token: owner });
    expect(dashboard.status).toBe(200);
    const { tills } = dashboard.body;
    expect(tills.openSessions.map((s: { sessionId: number }) => s.sessionId)).toContain(b);
    expect(tills.openSessions.map((s: { sessionId: number }) => s.sessionId)).not.toContain(a);
    expect(tills.variancesByTill.find((r: { id: number }) => r.id === front.id)).toEqual({
      id: front.id,
      name: 'Front',
      sessions: 2,
      variance: -2.35,
    });
    expect(tills.variancesByCashier.find((r: { id: number }) => r.id === first.userId)).toMatchObject({ sessions: 2, variance: -2.35 });
  });

  test('the sessions list, by till and status', async () => {
    const list = await t.call('GET', '/v1/till-session', { token: owner, query: { tillId: String(front.id) } });
    expect(list.status).toBe(200);
    expect(list.body.totalTillSession).toBe(2);
    expect(list.body.getAllTillSession.map((s: { zNumber: number }) => s.zNumber)).toEqual([2, 1]);
    const openOnes = await t.call('GET', '/v1/till-session', { token: owner, query: { status: 'OPEN' } });
    expect(openOnes.body.getAllTillSession.map((s: { id: number }) => s.id)).toEqual([b]);
  });
});

test('the notes and coins a drawer is counted in are a setting, refused when not a list of amounts', async () => {
  const refused = await t.call('POST', '/v1/setting', { token: owner, body: { cashDenominations: '50,abc' } });
  expect(refused.status).toBe(400);
  expect(refused.body.fields).toHaveProperty('cashDenominations');
  const saved = await t.call('POST', '/v1/setting', { token: owner, body: { cashDenominations: '200, 100,50.00,0.5' } });
  expect(saved.status).toBe(200);
  const read = await t.call('GET', '/v1/setting');
  expect(read.body.cashDenominations).toBe('200,100,50,0.5');
});

test('a session left open overnight stays open; its sales carry their business dates and the Z shows the dates it spans', async () => {
  const night = (await t.call('POST', '/v1/till', { token: owner, body: { name: 'Night' } })).body.id;
  const before = t.config.clock;
  try {
    t.config.clock = fixedClock('2031-06-01T20:00:00Z');
    const session = (await open(owner, night, 0)).body.id;
    const sold = (day: string) =>
      sell(owner, {
        tillSessionId: session,
        date: undefined,
        saleInvoiceProduct: line(),
        paidAmount: [{ paymentType: methods.cash, amount: 13.2 }],
      }).then((a) => {
        expect(a.status).toBe(201);
        expect(a.body.createdInvoice.date).toBe(day);
      });
    await sold('2031-06-01');
    t.config.clock = fixedClock('2031-06-02T09:00:00Z');
    await sold('2031-06-02');
    const x = await t.call('GET', `/v1/till-session/${session}/x-report`, { token: owner });
    expect(x.body).toMatchObject({ status: 'OPEN', dates: ['2031-06-01', '2031-06-02'], counts: { sales: 2 } });
    const z = await t.call('POST', `/v1/till-session/${session}/close`, {
      token: owner,
      body: { counted: [{ paymentMethodId: methods.cash, amount: 26.4 }], floatLeft: 0 },
    });
    expect(z.status, JSON.stringify(z.body)).toBe(200);
    expect(z.body).toMatchObject({ dates: ['2031-06-01', '2031-06-02'], expectedCash: 26.4, variance: 0 });
  } finally {
    t.config.clock = before;
  }
});

test("undoing a sale gives its cash back through its till's drawer in the till's open session, and is refused while the till is closed", async () => {
  const till = (await t.call('POST', '/v1/till', { token: owner, body: { name: 'Undo' } })).body;
  const session = (await open(owner, till.id, 20)).body.id;
  const sold = await sell(owner, {
    tillSessionId: session,
    saleInvoiceProduct: line(),
    paidAmount: [{ paymentType: methods.cash, amount: 13.2 }],
  });
  expect(sold.status).toBe(201);
  const saleId = sold.body.createdInvoice.id;
  const expected = async (id: number) => (await t.call('GET', `/v1/till-session/${id}/x-report`, { token: owner })).body.expectedCash;
  expect(await expected(session)).toBe(33.2);
  // closed: the undo has no drawer session to give the money back from
  expect(
    (
      await t.call('POST', `/v1/till-session/${session}/close`, {
        token: owner,
        body: { counted: [{ paymentMethodId: methods.cash, amount: 33.2 }], floatLeft: 33.2 },
      })
    ).status,
  ).toBe(200);
  const refused = await t.call('PATCH', `/v1/sale-invoice/${saleId}`, { token: owner, body: { status: 'false' } });
  expect(refused.status).toBe(409);
  expect(refused.body.error).toBe("Open Undo first: this sale's money went through its drawer, and it gives it back");
  // open again: the undo gives the 13.20 back out of the drawer, in the new session
  const next = (await open(owner, till.id, 33.2)).body.id;
  const undone = await t.call('PATCH', `/v1/sale-invoice/${saleId}`, { token: owner, body: { status: 'false' } });
  expect(undone.status, JSON.stringify(undone.body)).toBe(200);
  expect(await expected(next)).toBe(20);
  expect(await drawerBalance(till.subAccountId)).toBe(20);
  const closed = await t.call('POST', `/v1/till-session/${next}/close`, {
    token: owner,
    body: { counted: [{ paymentMethodId: methods.cash, amount: 20 }], floatLeft: 20 },
  });
  expect(closed.body).toMatchObject({ variance: 0, expectedCash: 20 });
});

test('a customer payment taken at the till goes into its drawer, and deleting it takes the money back out in the session', async () => {
  const till = (await t.call('POST', '/v1/till', { token: owner, body: { name: 'Payments' } })).body;
  const session = (await open(owner, till.id, 0)).body.id;
  const customerId = await namedCustomer(t, owner);
  const sold = await sell(owner, { customerId, tillSessionId: session, saleInvoiceProduct: line() });
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  const paid = await t.call('POST', '/v1/payment-sale-invoice', {
    token: owner,
    body: { saleInvoiceNo: sold.body.createdInvoice.id, tillSessionId: session, paidAmount: [{ paymentType: methods.cash, amount: 13.2 }] },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  const expected = async () => (await t.call('GET', `/v1/till-session/${session}/x-report`, { token: owner })).body.expectedCash;
  expect(await expected()).toBe(13.2);
  const deleted = await t.call('DELETE', `/v1/transaction/${paid.body.transaction.id}`, { token: owner });
  expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  expect(await expected()).toBe(0);
  expect(await drawerBalance(till.subAccountId)).toBe(0);
});
