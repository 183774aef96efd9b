import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { FileStore } from '../../platform/files.ts';
import { appSetting } from '../../schema/index.ts';
import { escapeHtml } from './html-text.ts';

export interface MailContent {
  /** A title above the message (plain text), if any. */
  heading?: string | null;
  /** The message as HTML (trusted: escape what users typed before putting it here). */
  html: string;
  /** The same message as plain text. */
  text: string;
}

export interface LayoutOptions {
  /** Where the shop is reached (config.publicUrl): the logo is shown only with an absolute address. */
  publicUrl?: string | null;
}

/**
 * A mail framed with the shop's name and logo (app_setting.companyName, app_setting.logo): answers the
 * HTML and its plain-text twin, ready for `enqueueMail`. Pass `ctx.config` as options so the logo gets
 * an absolute address (PUBLIC_URL); without one the frame shows the name alone.
 */
export async function shopMail(db: DbOrTx, content: MailContent, options: LayoutOptions = {}): Promise<{ html: string; text: string }> {
  const [setting] = await db
    .select({ companyName: appSetting.companyName, logo: appSetting.logo, footer: appSetting.footer })
    .from(appSetting)
    .orderBy(asc(appSetting.id))
    .limit(1);
  const shop = setting?.companyName?.trim() || 'Our shop';
  const logoPath = FileStore.url(setting?.logo);
  const logo = logoPath && options.publicUrl ? `${options.publicUrl.replace(/\/+$/, '')}${logoPath}` : null;
  const heading = content.heading?.trim() || null;
  const footer = setting?.footer?.trim() || null;

  const html = [
    '<!doctype html><html><head><meta charset="utf-8"></head>',
    '<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">',
    '<div style="max-width:600px;margin:0 auto;padding:24px">',
    '<div style="padding:16px 0;border-bottom:1px solid #e4e4e7">',
    logo ? `<img src="${escapeHtml(logo)}" alt="${escapeHtml(shop)}" style="max-height:48px;vertical-align:middle;margin-right:12px">` : '',
    `<span style="font-size:20px;font-weight:bold;vertical-align:middle">${escapeHtml(shop)}</span>`,
    '</div>',
    '<div style="background:#ffffff;padding:24px;margin-top:16px;border-radius:6px">',
    heading ? `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>` : '',
    content.html,
    '</div>',
    footer ? `<p style="font-size:12px;color:#71717a;margin-top:16px">${escapeHtml(footer)}</p>` : '',
    '</div></body></html>',
  ].join('');

  const text = [
    shop,
    '',
    ...(heading ? [heading, '='.repeat(Math.min(heading.length, 60)), ''] : []),
    content.text.trim(),
    ...(footer ? ['', '--', footer] : []),
  ].join('\n');
  return { html, text };
}
