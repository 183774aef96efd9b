import { describe, expect, test } from 'vitest';
import { cartReducer, emptyCart } from '../src/admin/selling/till/cart.ts';
import { queuedReceipt } from '../src/admin/selling/till/offline/queued-receipt.ts';
import { paymentsOf, type SaleDetail } from '../src/admin/selling/till/Receipt.tsx';
import { receiptReferenceOf, returnValue, saleNumberOf } from '../src/admin/selling/till/ReturnPanel.tsx';
import { chooseSize, isReceiptSize, type PageSize, sizeInMm } from '../src/admin/selling/till/till-data.ts';

const record = { status: 'true', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' } as const;
const sizes: PageSize[] = [
  { ...record, id: 1, pageSizeName: 'A4', width: 8.27, height: 11.69, unit: 'inches' },
  { ...record, id: 2, pageSizeName: 'Receipt 58 mm', width: 58, height: 200, unit: 'mm' },
  { ...record, id: 3, pageSizeName: 'Receipt 80 mm', width: 8, height: 20, unit: 'cm' },
];

describe('receipts', () => {
  test('page sizes in millimetres; up to 90 mm wide is a receipt roll, wider an invoice', () => {
    expect(sizeInMm(sizes[0]!)).toEqual({ width: 210.1, height: 296.9 });
    expect(sizeInMm(sizes[2]!)).toEqual({ width: 80, height: 200 });
    expect(sizes.map(isReceiptSize)).toEqual([false, true, true]);
  });

  test('the size asked for, else the 80 mm roll, else another roll, else the first', () => {
    expect(chooseSize(sizes, '2')?.id).toBe(2);
    expect(chooseSize(sizes, null)?.id).toBe(3);
    expect(chooseSize(sizes, '99')?.id).toBe(3);
    expect(chooseSize(sizes.slice(0, 2), null)?.id).toBe(2);
    expect(chooseSize(sizes.slice(0, 1), null)?.id).toBe(1);
    expect(chooseSize([], null)).toBeUndefined();
  });

  test("a sale's payments are the postings of money against the receivable, named by their method", () => {
    const posting = (id: number, debit: string, credit: string, amount: number, particulars: string, type = 'sale') => ({
      id,
      date: '2026-07-15',
      debitId: 1,
      creditId: 2,
      debit,
      credit,
      amount,
      particulars,
      type,
    });
    const sale = {
      transactions: [
        posting(1, 'Cost of Sales', 'Inventory', 10, 'Sale #4: cost of goods sold'),
        posting(2, 'Accounts Receivable', 'Sales', 35, 'Sale #4: sales'),
        posting(3, 'Accounts Receivable', 'Tax', 3.5, 'Sale #4: VAT'),
        posting(4, 'Cash', 'Accounts Receivable', 20, 'Sale #4: paid by Cash'),
        posting(5, 'Bank', 'Accounts Receivable', 18.5, 'Sale #4: paid by Card'),
        posting(6, 'Bank', 'Accounts Receivable', 5, 'a later payment', 'sale_payment'),
      ],
    } as unknown as SaleDetail;
    expect(paymentsOf(sale).map((p) => [p.method, p.amount])).toEqual([
      ['Cash', 20],
      ['Card', 18.5],
      ['Bank', 5],
    ]);
  });
});

describe('returns at the till', () => {
  test('the sale number from what is typed or scanned', () => {
    expect(['42', ' #42 ', 'Sale 42', 'abc'].map(saleNumberOf)).toEqual([42, 42, 42, undefined]);
  });

  test("a receipt printed offline is found by its till's reference, whatever the case, and not read as a number", () => {
    expect(['T1-20261127-0042', ' t12-20261127-7 ', 'T1-2026-0042', '42'].map(receiptReferenceOf)).toEqual([
      'T1-20261127-0042',
      'T12-20261127-7',
      undefined,
      undefined,
    ]);
  });

  test('a return is worth its share of the line net and VAT, as the server prorates it, after what came back already', () => {
    // 3 at 12.00 less 1.00: net 35.00 and VAT 3.50; one back is 11.67 + 1.17, the last two 23.33 + 2.33
    const line = { productQuantity: 3, productFinalAmount: 35, taxAmount: 3.5, returnedQuantity: 0 };
    expect(returnValue(line, 1)).toBe(1284);
    expect(returnValue(line, 3)).toBe(3850);
    expect(returnValue({ ...line, returnedQuantity: 1 }, 2)).toBe(3850 - 1284);
    expect(returnValue(line, 0)).toBe(0);
  });
});

describe('the receipt of a sale made offline', () => {
  test("it prints the till's reference and the sale as the till priced it: lines, sale discount, VAT, total, payments, change", () => {
    const mug = { id: 1, name: 'Mug', sku: 'MUG', productSalePrice: 12, vatPercentage: 10, discount: null };
    const tee = { ...mug, id: 2, name: 'Tee', sku: 'TEE-RED', productSalePrice: 20, vatPercentage: 0, variantId: 7, variantLabel: 'Red' };
    const cart = [
      { type: 'add', product: mug, date: '2026-07-15' },
      { type: 'add', product: mug, date: '2026-07-15' },
      { type: 'add', product: tee, date: '2026-07-15' },
      { type: 'discount', productId: 1, discount: 400 },
      { type: 'saleDiscount', discount: 1000 },
      { type: 'customer', customer: { id: 3, name: 'Ann' } },
      { type: 'tender', methodId: 1, amount: 3200 },
      { type: 'tender', methodId: 2, amount: 0 },
    ].reduce((state, action) => cartReducer(state, action as never), emptyCart);
    const receipt = queuedReceipt(
      cart,
      { reference: 'T1-20260715-0001', soldAt: '2026-07-15T10:00:00.000Z', servedBy: 'Cass', change: 50 },
      (id) => (id === 1 ? 'Cash' : 'Card'),
    );
    // Mug: 2 × 12.00 − 4.00 = 20.00 net, VAT 2.00; Tee: 20.00, no VAT; 10.00 off the sale shared by net: 5.00 each
    expect(receipt.lines.map((l) => [l.name, l.quantity, l.unit, l.discount, l.net, l.vat])).toEqual([
      ['Mug', 2, 1200, 400, 2000, 200],
      ['Tee · Red', 1, 2000, 0, 2000, 0],
    ]);
    // after it: 30.00 net, VAT 10% of the Mug's 15.00 = 1.50, total 31.50
    expect([receipt.saleDiscount, receipt.vat, receipt.total]).toEqual([1000, 150, 3150]);
    expect(receipt.payments).toEqual([{ method: 'Cash', amount: 3200 }]);
    expect([receipt.reference, receipt.customer, receipt.servedBy, receipt.change]).toEqual(['T1-20260715-0001', 'Ann', 'Cass', 50]);
  });
});
