/**
 * The web shop's checks (issue 20): the plan's request -1 goes to the counting app and -2 to the limit,
 * two shoppers holding the same cart. For the checkout, what each one wrote is read back by the limit's
 * SQL and compared (the order's totals, its lines, the stock moved, its status, payment and postings,
 * the cart gone); for the cart, the cart each one answers (its total, its lines' units and prices).
 */
import type { Request } from './load.ts';
import type { Fixtures } from './serve.ts';

type Json = Record<string, any>;
type Send = (base: string, r: Request) => Promise<{ status: number; json: Json; statements: number | null }>;

export async function shopCheck(
  kind: 'checkout' | 'cart',
  f: Fixtures,
  next: (i: number) => Request,
  send: Send,
): Promise<{ check: string; statements: number | null }> {
  const app = await send(f.probeUrl, next(-1));
  const limit = await send(f.limitUrl, next(-2));
  if (app.status >= 300 || limit.status >= 300)
    return {
      check: `status app ${app.status} (${JSON.stringify(app.json).slice(0, 500)}), limit ${limit.status} (${JSON.stringify(limit.json).slice(0, 300)})`,
      statements: app.statements,
    };
  const problems: string[] = [];
  if (kind === 'checkout') {
    const facts = async (id: number) => (await send(f.limitUrl, { method: 'GET', path: `/bench/order/${id}` })).json;
    const [a, l] = [await facts(app.json.createdCartOrder.id), await facts(limit.json.createdCartOrder.id)];
    for (const k of Object.keys(a)) if (a[k] !== l[k]) problems.push(`${k} ${a[k]} ≠ ${l[k]}`);
    const said = `ok (total ${a.totalAmount}, ${a.lines} lines, ${a.stockMoved} units moved, ${a.postings} postings)`;
    return { check: problems.length ? problems.join('; ') : said, statements: app.statements };
  }
  const lines = (x: Json) =>
    ((x.cart?.cartProducts ?? []) as Json[])
      .map((l) => `${l.productId}×${l.productQuantity}@${l.unitPrice}`)
      .sort()
      .join(' ');
  if (app.json.cart?.totalAmount !== limit.json.cart?.totalAmount)
    problems.push(`total ${app.json.cart?.totalAmount} ≠ ${limit.json.cart?.totalAmount}`);
  if (lines(app.json) !== lines(limit.json)) problems.push(`lines ${lines(app.json)} ≠ ${lines(limit.json)}`);
  return { check: problems.length ? problems.join('; ') : `ok (${lines(app.json)})`, statements: app.statements };
}
