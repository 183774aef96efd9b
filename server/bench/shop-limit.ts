/**
 * The limit's web shop routes (issue 20): cart add, cart increment, checkout, and the bench's reads of
 * an order's writes and of a product's stock and price. The shopper is read from the token's subject
 * without checking its signature (the limit checks no access).
 */

import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { limitSealer } from './limit-sealer.ts';
import type { RawSql } from './raw-sql.ts';
import { cartAddSql, cartIncrementSql, checkoutSql, orderFactsSql, productStateSql } from './shop-sql.ts';

export interface ShopLimitContext {
  sql: RawSql;
  /** Sub-accounts: cost of sales, inventory, receivable, sales, tax, delivery income. */
  accounts: number[];
  /** Seals the orders the limit placed, as the app's sealer does (limit-sealer.ts). */
  sealOrders: () => void;
}

export async function shopLimitContext(sql: RawSql): Promise<ShopLimitContext> {
  const keys = ['costOfSales', 'inventory', 'accountsReceivable', 'sales', 'tax', 'deliveryIncome'];
  const rows = await sql(`select system_key, id from sub_account where system_key = any($1::text[])`, [keys]);
  const byKey = new Map(rows.map((a) => [String(a.system_key), Number(a.id)]));
  return { sql, accounts: keys.map((k) => byKey.get(k)!), sealOrders: limitSealer(sql, 'order') };
}

/** The customer id a bearer token names (its payload's `sub`). */
function shopperOf(req: http.IncomingMessage): number {
  const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string };
  return Number(payload.sub);
}

/** Answers a shop request as [status, JSON text], or null when the path is not the shop's. */
export async function shopAnswer(
  ctx: ShopLimitContext,
  req: http.IncomingMessage,
  path: string,
  body: () => Promise<string>,
): Promise<[number, string] | null> {
  const one = async (text: string, values: unknown[]) => (await ctx.sql(text, values))[0]?.body as string | undefined;
  if (path === '/v1/cart' && req.method === 'POST') {
    const input = JSON.parse(await body()) as { productId: number; productQuantity: number };
    const answer = await one(cartAddSql, [shopperOf(req), input.productId, input.productQuantity]);
    return answer ? [201, answer] : [409, '{"error":"Not enough stock"}'];
  }
  const change = /^\/v1\/cart\/cart-product\/(\d+)$/.exec(path);
  if (change && req.method === 'PUT') {
    const input = JSON.parse(await body()) as { cartProductId: number; type: string; productQuantity?: number };
    if (input.type !== 'increment') return [400, '{"error":"the limit increments only"}'];
    const answer = await one(cartIncrementSql, [shopperOf(req), Number(change[1]), input.cartProductId, input.productQuantity ?? 1]);
    return answer ? [200, answer] : [409, '{"error":"Not enough stock or not your cart"}'];
  }
  if (path === '/v1/cart-order' && req.method === 'POST') {
    const input = JSON.parse(await body()) as { deliveryFeeId: number; paymentMethodId: number };
    const reference = randomBytes(8).toString('hex').slice(0, 10).toUpperCase();
    const answer = await one(checkoutSql, [shopperOf(req), input.deliveryFeeId, input.paymentMethodId, ...ctx.accounts, reference]);
    ctx.sealOrders();
    return [201, answer!];
  }
  const order = /^\/bench\/order\/(\d+)$/.exec(path);
  if (order) return [200, JSON.stringify((await ctx.sql(orderFactsSql, [Number(order[1])]))[0] ?? null)];
  const product = /^\/bench\/product\/(\d+)$/.exec(path);
  if (product) return [200, JSON.stringify((await ctx.sql(productStateSql, [Number(product[1])]))[0] ?? null)];
  return null;
}
