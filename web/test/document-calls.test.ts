import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/** The routes that make a document: each call of one sends the submission's `Idempotency-Key` (issue 23). */
const documentRoutes = [
  'sale.create',
  'hold.complete',
  'salePayment.create',
  'returnSale.create',
  'purchaseInvoice.create',
  'purchasePayment.create',
  'returnPurchase.create',
  'adjust.create',
  'transaction.create',
  'reorder.createRequest',
  'returnOrder.reOrder',
  'returnOrder.create',
  'order.create',
  'manualPayment.create',
];

const src = path.resolve(import.meta.dirname, '../src');
const sources = (fs.readdirSync(src, { recursive: true }) as string[])
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => ({ name, text: fs.readFileSync(path.join(src, name), 'utf8') }));

test('every call of a route that makes a document goes through a submission and carries its key', () => {
  const unkeyed: string[] = [];
  for (const route of documentRoutes) {
    const calls = sources.flatMap(({ name, text }) =>
      [...text.matchAll(new RegExp(`api\\(routes\\.${route.replace('.', '\\.')}\\b[^;]*`, 'g'))].map((m) => ({ name, call: m[0] })),
    );
    // a route no screen calls any more is a list to update, not a pass
    expect(calls.length, `${route} is called somewhere`).toBeGreaterThan(0);
    for (const { name, call } of calls) if (!/\{[^}]*\bheaders\b[^}]*\}\s*\)/.test(call)) unkeyed.push(`${name}: ${call.slice(0, 80)}`);
  }
  expect(unkeyed).toEqual([]);
});
