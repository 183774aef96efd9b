import { expect, test } from 'vitest';
import { salePostings, saleReturnPostings } from '../src/modules/selling/sale-postings.ts';
import { settleTender, type Tender } from '../src/modules/selling/sale-tender.ts';

/** The pure parts of a sale: its postings and the split tender. */
const tender = (amount: number, cash: boolean, index = 0): Tender => ({
  index,
  paymentType: cash ? 1 : 2,
  subAccountId: cash ? 11 : 12,
  method: cash ? 'Cash' : 'Card',
  cash,
  amount,
});

test('a sale posts cost, sales, VAT once per rate and each payment', () => {
  const postings = salePostings({
    invoiceId: 7,
    number: 5,
    date: '2026-03-04',
    net: 3500,
    vat: [
      { rate: 10, amount: 200 },
      { rate: 15, amount: 150 },
    ],
    cost: 1500,
    payments: [
      { subAccountId: 11, amount: 2000, method: 'Cash' },
      { subAccountId: 12, amount: 1850, method: 'Card' },
    ],
  });
  expect(postings.map((p) => [p.debit, p.credit, p.amount])).toEqual([
    ['costOfSales', 'inventory', 1500],
    ['accountsReceivable', 'sales', 3500],
    ['accountsReceivable', 'tax', 200],
    ['accountsReceivable', 'tax', 150],
    [{ subAccountId: 11 }, 'accountsReceivable', 2000],
    [{ subAccountId: 12 }, 'accountsReceivable', 1850],
  ]);
  for (const p of postings) expect(p).toMatchObject({ date: '2026-03-04', type: 'sale', relatedId: 7 });
  expect(postings.map((p) => p.vatRate)).toEqual([undefined, undefined, 10, 15, undefined, undefined]);
});

test('a return of 1 of that sale posts 3.7: goods back at cost, sales and VAT off the receivable, each refund', () => {
  const postings = saleReturnPostings({
    invoiceId: 7,
    saleNumber: 5,
    returnNumber: 2,
    date: '2026-03-05',
    net: 1167,
    vat: [{ rate: 10, amount: 117 }],
    cost: 500,
    refunds: [
      { account: 'cash', amount: 1000, method: 'cash' },
      { account: { subAccountId: 12 }, amount: 284, method: 'Card' },
    ],
  });
  expect(postings.map((p) => [p.debit, p.credit, p.amount])).toEqual([
    ['inventory', 'costOfSales', 500],
    ['sales', 'accountsReceivable', 1167],
    ['tax', 'accountsReceivable', 117],
    ['accountsReceivable', 'cash', 1000],
    ['accountsReceivable', { subAccountId: 12 }, 284],
  ]);
  for (const p of postings) expect(p).toMatchObject({ date: '2026-03-05', type: 'saleReturn', relatedId: 7 });
  expect(postings[2]).toMatchObject({ vatRate: 10 });
});

test('split tender: change comes off cash, never off a card', () => {
  expect(settleTender(3850, [tender(2000, true), tender(1850, false, 1)])).toMatchObject({ change: 0 });
  const settled = settleTender(3850, [tender(1850, false), tender(2500, true, 1)])!;
  expect(settled.change).toBe(500);
  expect(settled.kept.map((t) => t.amount)).toEqual([1850, 2000]);
  expect(settleTender(3850, [tender(5000, false)])).toBeUndefined();
  expect(settleTender(3850, [tender(1000, true)])).toMatchObject({ change: 0, kept: [{ amount: 1000 }] });
  expect(settleTender(3850, [])).toEqual({ change: 0, kept: [] });
});
