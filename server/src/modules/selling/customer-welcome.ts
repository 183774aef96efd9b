import type { DbOrTx } from '../../platform/db.ts';
import { enqueueMail } from '../mail/index.ts';
import { escapeHtml, shopDetails } from './shop-details.ts';

export const welcomeMessages = {
  withMail: 'Register Successfully Done and Sent Email',
  withoutMail: 'Register Successfully Done',
} as const;

/**
 * The welcome mail of a customer staff created, in the create's transaction. It holds no password
 * (reference defect 5): the customer sets one with "Forgot password" on the shop's login page.
 */
export async function enqueueWelcome(tx: DbOrTx, customer: { email: string; username: string | null }) {
  const shop = await shopDetails(tx);
  const name = customer.username || customer.email;
  const lines = [
    `Hello ${name},`,
    `An account at ${shop.companyName} has been opened for you with this e-mail address (${customer.email}).`,
    `To sign in, first set your own password. Open the shop's login page, choose "Forgot password" and enter this e-mail address. We will mail you a link to set it.`,
    `Welcome, and thank you — ${shop.companyName}`,
  ];
  await enqueueMail(tx, {
    kind: 'welcome',
    to: [customer.email],
    subject: `Welcome to ${shop.companyName}`,
    text: lines.join('\n\n'),
    html: `<h2>${escapeHtml(shop.companyName)}</h2>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}`,
  });
}
