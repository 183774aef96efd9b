import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { emailConfig } from '../../schema/index.ts';
import type { EmailSettings } from './transport.ts';

/** The settings a mail is sent with: the named row, or (no name) the first active one. */
export async function settingsFor(db: DbOrTx, name: string | null | undefined): Promise<EmailSettings | undefined> {
  const [row] = name
    ? await db.select().from(emailConfig).where(eq(emailConfig.emailConfigName, name))
    : await db.select().from(emailConfig).where(eq(emailConfig.status, true)).orderBy(asc(emailConfig.id)).limit(1);
  return row;
}
