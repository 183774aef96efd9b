import type { MailKind } from '@tillbook/contract';
import type { DbOrTx } from '../../platform/db.ts';
import { type OutboxAttachment, outbox } from '../../schema/index.ts';
import { requestWake } from './worker.ts';

/** A mail to send: written to the outbox in the caller's transaction, sent by the mail worker after commit. */
export interface NewMail {
  kind: MailKind;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  /** The HTML part and its plain-text twin (see `shopMail` for the shop's frame around both). */
  html: string;
  text: string;
  attachments?: OutboxAttachment[];
  /** The e-mail settings to send with, by name; none = the first active settings row. */
  emailConfigName?: string | null;
}

/**
 * Puts a mail in the outbox inside the caller's transaction, so the mail exists exactly when its cause
 * commits (a rolled-back registration leaves no mail; a committed one always has its mail). Returns the
 * outbox id. Sending is the worker's: a failed send never fails the business action.
 */
export async function enqueueMail(tx: DbOrTx, mail: NewMail): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({
      kind: mail.kind,
      to: mail.to,
      cc: mail.cc ?? [],
      bcc: mail.bcc ?? [],
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments ?? [],
      emailConfigName: mail.emailConfigName ?? null,
    })
    .returning({ id: outbox.id });
  // the worker is woken once the request's answer is sent (its transaction has committed), else at its next poll
  requestWake();
  return row!.id;
}
