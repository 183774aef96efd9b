import type { OrderStatus } from '@tillbook/contract';
import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { appSetting } from '../../schema/index.ts';
import { enqueueMail, escapeHtml, shopMail } from '../mail/index.ts';

/** What the shopper is told of each status. */
const statusNews: Record<OrderStatus, string> = {
  PENDING: 'We have your order and will confirm it soon.',
  RECEIVED: 'Your order has been confirmed and is being packed.',
  SHIPPED: 'Your order is on its way.',
  DELIVERED: 'Your order has been delivered. Thank you for shopping with us.',
  CANCELLED: 'Your order has been cancelled. Anything you paid for it is refunded.',
  RETURNED: 'The goods of your order have come back to us.',
};

async function orderMail(tx: DbOrTx, orderId: number, subject: (shop: string) => string, lines: string[], publicUrl: string) {
  const [order] = await rawRows<{ email: string | null; name: string | null; total: string }>(
    tx,
    sql`select c.email, coalesce(c.first_name, c.username) as name, o.total_amount::text as total
      from cart_order o join customer c on c.id = o.customer_id where o.id = ${orderId}`,
  );
  if (!order?.email) return;
  const [shop] = await tx.select({ name: appSetting.companyName }).from(appSetting).orderBy(asc(appSetting.id)).limit(1);
  const shopName = shop?.name ?? 'Our shop';
  const link = `${publicUrl}/orders/${orderId}`;
  const text = [`Hello ${order.name ?? ''},`.replace(' ,', ','), ...lines, `Total: ${order.total}`, `See your order: ${link}`];
  const html = text
    .map((l) => `<p>${escapeHtml(l).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`)
    .join('');
  await enqueueMail(tx, {
    kind: 'order',
    to: [order.email],
    subject: subject(shopName),
    ...(await shopMail(tx, { heading: subject(shopName), html, text: text.join('\n\n') }, { publicUrl })),
  });
}

/** "Order placed", queued in the checkout's transaction. */
export const orderPlacedMail = (tx: DbOrTx, orderId: number, publicUrl: string) =>
  orderMail(
    tx,
    orderId,
    (shop) => `Order placed: #${orderId} at ${shop}`,
    [`Thank you for your order #${orderId}.`, statusNews.PENDING],
    publicUrl,
  );

/** "Status changed", queued in the transition's transaction. */
export const orderStatusMail = (tx: DbOrTx, orderId: number, status: OrderStatus, publicUrl: string) =>
  orderMail(tx, orderId, (shop) => `Order #${orderId} is now ${status.toLowerCase()} — ${shop}`, [statusNews[status]], publicUrl);
