import type { ReturnStatus } from '@tillbook/contract';
import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { appSetting } from '../../schema/index.ts';
import { enqueueMail, escapeHtml, shopMail } from '../mail/index.ts';

/** What the shopper is told at each step of a return. */
const returnNews: Record<ReturnStatus, string> = {
  PENDING: 'We have your return request and will tell you when the goods reach us.',
  RECEIVED: 'The goods you returned have reached us.',
  REFUNDED: 'Your money for the returned goods is on its way back to you.',
  RESEND: 'We will send you a replacement for the goods you returned.',
  RESENDED: 'Your replacement is on its way: it is a new order, paid by your return.',
  REJECTED: 'We could not accept your return. Please contact us if you have questions.',
};

/** The return's mail at a step, queued in that step's transaction (the outbox sends it after commit). */
export async function returnMail(tx: DbOrTx, returnId: number, status: ReturnStatus, publicUrl: string): Promise<void> {
  const [row] = await rawRows<{ email: string | null; name: string | null; total: string; order_id: number; resend: number | null }>(
    tx,
    sql`select c.email, coalesce(c.first_name, c.username) as name, r.total_amount::text as total, r.cart_order_id as order_id,
        r.resend_cart_order_id as resend
      from return_cart_order r join customer c on c.id = r.customer_id where r.id = ${returnId}`,
  );
  if (!row?.email) return;
  const [shop] = await tx.select({ name: appSetting.companyName }).from(appSetting).orderBy(asc(appSetting.id)).limit(1);
  const shopName = shop?.name ?? 'Our shop';
  const subject = `Return #${returnId} of order #${row.order_id}: ${status.toLowerCase()} — ${shopName}`;
  const link = `${publicUrl}/orders/${row.resend ?? row.order_id}`;
  const text = [
    `Hello ${row.name ?? ''},`.replace(' ,', ','),
    returnNews[status],
    `Return amount: ${row.total}`,
    `See your order: ${link}`,
  ];
  const html = text
    .map((l) => `<p>${escapeHtml(l).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`)
    .join('');
  await enqueueMail(tx, {
    kind: 'order',
    to: [row.email],
    subject,
    ...(await shopMail(tx, { heading: subject, html, text: text.join('\n\n') }, { publicUrl })),
  });
}
