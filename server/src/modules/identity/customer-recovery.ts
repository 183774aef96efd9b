import { customerMessages, customerSessionEndpoints, passwordResetHours } from '@tillbook/contract';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { fieldError } from '../../platform/errors.ts';
import type { RouteDef } from '../../platform/route.ts';
import { hashToken, newOpaqueToken } from '../../platform/tokens.ts';
import { appSetting, customer, passwordResetToken } from '../../schema/index.ts';
import { enqueueMail, escapeHtml, shopMail } from '../mail/index.ts';
import type { CustomerRow } from './customer-session.ts';
import { hashPassword } from './passwords.ts';
import { revokeForSubject } from './refresh-tokens.ts';

async function shopName(db: DbOrTx): Promise<string> {
  const [row] = await db.select({ name: appSetting.companyName }).from(appSetting).orderBy(asc(appSetting.id)).limit(1);
  return row?.name ?? 'Our shop';
}

/** The recovery mail's message: the link with the token, in HTML and plain text (framed by `shopMail`). */
export function passwordResetMail(shop: string, row: CustomerRow, link: string) {
  const name = row.firstName || row.username || row.email!.split('@')[0]!;
  const subject = `Reset your password at ${shop}`;
  const text = [
    `Hello ${name},`,
    '',
    `Someone asked to reset the password of your ${shop} account. To choose a new one, open this link:`,
    link,
    '',
    `The link works once and expires in ${passwordResetHours} hours. If you did not ask for it, ignore this mail: your password stays as it is.`,
    '',
    shop,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(shop)} account. To choose a new one, open this link:</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p style="word-break:break-all;color:#555">${escapeHtml(link)}</p>
<p>The link works once and expires in ${passwordResetHours} hours. If you did not ask for it, ignore this mail: your password stays as it is.</p>
<p>${escapeHtml(shop)}</p>`;
  return { subject, html, text };
}

/** At most this many links are mailed to one customer an hour (asking again answers the same, without a mail). */
const maxOpenLinks = 5;
async function openLinks(db: DbOrTx, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetToken)
    .where(and(eq(passwordResetToken.customerId, customerId), gt(passwordResetToken.createdAt, sql`now() - interval '1 hour'`)));
  return Number(row?.n ?? 0);
}

const invalidLink = (text: string) => fieldError('token', text);

/**
 * Password recovery for shoppers. The request answers the same whatever the e-mail, so accounts cannot
 * be discovered; for an active customer it stores a single-use token (its SHA-256 only) valid
 * {@link passwordResetHours} hours and puts the link in the outbox in the same transaction.
 */
export function customerRecoveryRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, customerSessionEndpoints.requestForgotPassword, async ({ body, req }) => {
      await req.db.transaction(async (tx) => {
        // the customer's row lock makes simultaneous requests count the open links and add theirs one after the other
        const [row] = await tx
          .select()
          .from(customer)
          .where(and(eq(sql`lower(${customer.email})`, body.email.toLowerCase()), eq(customer.status, true)))
          .orderBy(asc(customer.id))
          .limit(1)
          .for('update');
        if (!row || (await openLinks(tx, row.id)) >= maxOpenLinks) return;
        const token = newOpaqueToken();
        const expiresAt = new Date(ctx.config.clock.now().getTime() + passwordResetHours * 3_600_000);
        const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await tx.insert(passwordResetToken).values({ customerId: row.id, tokenHash: hashToken(token), expiresAt });
        const { subject, html, text } = passwordResetMail(await shopName(tx), row, link);
        const framed = await shopMail(tx, { heading: 'Reset your password', html, text }, ctx.config);
        await enqueueMail(tx, { kind: 'passwordReset', to: [row.email!], subject, ...framed });
      });
      return { message: customerMessages.forgotRequested };
    }),
    implement(ctx, customerSessionEndpoints.forgotPassword, async ({ body, req }) => {
      const hashed = await hashPassword(body.password);
      await req.db.transaction(async (tx) => {
        const [reset] = await tx
          .select()
          .from(passwordResetToken)
          .where(eq(passwordResetToken.tokenHash, hashToken(body.token)))
          .for('update');
        if (!reset) throw invalidLink('is not a valid link; ask for a new one');
        if (reset.usedAt) throw invalidLink('has already been used; ask for a new link');
        if (reset.expiresAt.getTime() <= ctx.config.clock.now().getTime()) throw invalidLink('has expired; ask for a new link');
        const [owner] = await tx.select({ status: customer.status }).from(customer).where(eq(customer.id, reset.customerId));
        if (!owner?.status) throw invalidLink('is not a valid link; ask for a new one');
        await tx.update(customer).set({ password: hashed }).where(eq(customer.id, reset.customerId));
        // this link and any other still open for the customer are spent
        await tx
          .update(passwordResetToken)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResetToken.customerId, reset.customerId), isNull(passwordResetToken.usedAt)));
        await revokeForSubject(tx, 'customer', reset.customerId);
      });
      return { message: customerMessages.passwordRecovered };
    }),
  ];
}
