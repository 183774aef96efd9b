import type { emailConfigInput, emailConfigUpdate } from '@tillbook/contract';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { emailConfig } from '../../schema/index.ts';
import { htmlToText } from './html-text.ts';
import { shopMail } from './layout.ts';
import { describeSendError, type EmailSettings, sendNow } from './transport.ts';

/** A settings row as answered: every field but the password, and whether one is set. */
export function settingsView(row: EmailSettings) {
  const { emailPass, ...rest } = row;
  return { ...rest, passwordSet: !!emailPass };
}

export async function listSettings(db: DbOrTx) {
  const rows = await db.select().from(emailConfig).orderBy(asc(emailConfig.id));
  return { getAllEmailConfig: rows.map(settingsView) };
}

async function readSettings(db: DbOrTx, id: number): Promise<EmailSettings> {
  const [row] = await db.select().from(emailConfig).where(eq(emailConfig.id, id));
  if (!row) throw notFound('E-mail settings');
  return row;
}

export async function createSettings(db: DbOrTx, input: z.output<typeof emailConfigInput>) {
  const { status, emailPass, ...fields } = input;
  const [row] = await db
    .insert(emailConfig)
    .values({ ...fields, emailPass: emailPass || null, ...(status ? { status: status === 'true' } : {}) })
    .returning();
  return settingsView(row!);
}

/** PUT: every field replaced, but a missing or blank `emailPass` keeps the stored password (null removes it). */
export async function updateSettings(db: DbOrTx, id: number, input: z.output<typeof emailConfigUpdate>) {
  await readSettings(db, id);
  const { status, emailPass, ...fields } = input;
  const [row] = await db
    .update(emailConfig)
    .set({
      ...fields,
      ...(emailPass === null ? { emailPass: null } : emailPass ? { emailPass } : {}),
      ...(status ? { status: status === 'true' } : {}),
    })
    .where(eq(emailConfig.id, id))
    .returning();
  return settingsView(row!);
}

/**
 * Sends a test mail with these settings right away (not through the outbox) and answers what the
 * SMTP server replied, or why the mail did not go.
 */
export async function testSettings(db: DbOrTx, id: number, to: string, publicUrl: string | null) {
  const settings = await readSettings(db, id);
  const message = `<p>This is a test mail sent with the e-mail settings “${settings.emailConfigName}”. If you can read it, they work.</p>`;
  const mail = await shopMail(db, { heading: 'Test mail', html: message, text: htmlToText(message) }, { publicUrl });
  try {
    const serverAnswer = await sendNow(settings, { to: [to], subject: `Test mail: ${settings.emailConfigName}`, ...mail });
    return { ok: true, serverAnswer };
  } catch (error) {
    return { ok: false, serverAnswer: describeSendError(error, settings) };
  }
}
