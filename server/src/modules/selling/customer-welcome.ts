import type { DbOrTx } from '../../platform/db.ts';
import { enqueueMail, escapeHtml, shopMail } from '../mail/index.ts';
import { shopDetails } from './shop-details.ts';

export const welcomeMessages = {
  withMail: 'Register Successfully Done and Sent Email',
  withoutMail: 'Register Successfully Done',
} as const;

/**
 * The welcome mail of a customer staff created, in the create's transaction. It holds no password
 * (reference defect 5): the customer sets one with "Forgot password" on the shop's login page.
 */
export async function enqueueWelcome(tx: DbOrTx, customer: { email: string; username: string | null }, publicUrl: string) {
  const shop = await shopDetails(tx);
  const forgotPassword = `${publicUrl}/forgot-password`;
  const name = customer.username || customer.email;
  const lines = [
    `Hello ${name},`,
    `An account at ${shop.companyName} has been opened for you with this e-mail address (${customer.email}).`,
    `To sign in, first set your own password. Open ${forgotPassword} ("Forgot password" on the shop's login page) and enter this e-mail address. We will mail you a link to set it.`,
    `Welcome, and thank you — ${shop.companyName}`,
  ];
  const html = lines
    .map(
      (l) =>
        `<p>${escapeHtml(l).replace(escapeHtml(forgotPassword), `<a href="${escapeHtml(forgotPassword)}">${escapeHtml(forgotPassword)}</a>`)}</p>`,
    )
    .join('');
  await enqueueMail(tx, {
    kind: 'welcome',
    to: [customer.email],
    subject: `Welcome to ${shop.companyName}`,
    ...(await shopMail(tx, { heading: `Welcome to ${shop.companyName}`, html, text: lines.join('\n\n') }, { publicUrl })),
  });
}
