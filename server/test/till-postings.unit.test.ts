import { describe, expect, test } from 'vitest';
import { salePostings } from '../src/modules/selling/sale-postings.ts';
import { cashPostings, closePostings, openPostings } from '../src/modules/till/till-postings.ts';

/** The till session's postings (issue 31): what moves between the drawer (sub-account 70), the safe and the other accounts. */
const session = { sessionId: 5, tillName: 'Front', drawer: 70, date: '2031-03-14' };
const sides = (postings: ReturnType<typeof openPostings>) => postings.map((p) => [p.debit, p.credit, p.amount, p.type, p.tillSessionId]);

describe('opening', () => {
  test('the float beyond what the last close left comes from the safe', () => {
    expect(sides(openPostings({ ...session, floatDifference: 2500 }))).toEqual([[{ subAccountId: 70 }, 'cash', 2500, 'till', 5]]);
  });
  test('a float below what was left goes back to the safe (a negative amount posts the reverse)', () => {
    expect(openPostings({ ...session, floatDifference: -300 })[0]).toMatchObject({
      debit: { subAccountId: 70 },
      credit: 'cash',
      amount: -300,
    });
  });
});

describe('cash in and out', () => {
  const other = { subAccountId: 12 };
  test.each([
    ['IN', { subAccountId: 70 }, other, 'paid in'],
    ['OUT', other, { subAccountId: 70 }, 'paid out'],
    ['DROP', other, { subAccountId: 70 }, 'cash drop'],
  ] as const)('%s: debit and credit', (type, debit, credit, what) => {
    const [p] = cashPostings({ ...session, type, amount: 550, other, reason: 'Milk' });
    expect(p).toMatchObject({ debit, credit, amount: 550, type: 'till', relatedId: 5, tillSessionId: 5 });
    expect(p!.particulars).toBe(`Front session 5: ${what}: Milk`);
  });
});

describe('the close', () => {
  test('a shortage leaves the drawer for Cash Over and Short; the rest beyond the float goes to the safe', () => {
    const [variance, drop] = closePostings({ ...session, zNumber: 3, variance: -235, drop: 2535 });
    expect(variance).toMatchObject({
      debit: { subAccountId: 70 },
      credit: 'cashOverShort',
      amount: -235,
      particulars: 'Front Z 3: cash short',
    });
    expect(drop).toMatchObject({
      debit: 'cash',
      credit: { subAccountId: 70 },
      amount: 2535,
      particulars: 'Front Z 3: closing drop to the safe',
    });
  });
  test('an overage is brought into the drawer', () => {
    const [variance] = closePostings({ ...session, zNumber: 4, variance: 100, drop: 0 });
    expect(variance).toMatchObject({ amount: 100, particulars: 'Front Z 4: cash over' });
  });
});

test('a sale made in a session tags every posting with it and names the payment method of its payment', () => {
  const postings = salePostings({
    invoiceId: 9,
    number: 4,
    date: '2031-03-14',
    net: 1000,
    vat: [{ rate: 10, amount: 100 }],
    cost: 400,
    payments: [{ subAccountId: 70, amount: 1100, method: 'Cash', methodId: 3 }],
    tillSessionId: 5,
  });
  expect(postings.map((p) => p.tillSessionId)).toEqual([5, 5, 5, 5]);
  expect(postings.at(-1)).toMatchObject({ debit: { subAccountId: 70 }, credit: 'accountsReceivable', amount: 1100, paymentMethodId: 3 });
  const outside = salePostings({ invoiceId: 9, number: 4, date: '2031-03-14', net: 1000, vat: [], cost: 0, payments: [] });
  expect(outside.every((p) => p.tillSessionId === undefined)).toBe(true);
});
