import nodemailer from 'nodemailer';
import type { emailConfig } from '../../schema/index.ts';

export type EmailSettings = typeof emailConfig.$inferSelect;

/** What to send: addresses, subject, both parts and the attachments' bytes. */
export interface Outgoing {
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

/**
 * An SMTP connection for one settings row. none: plain text, never upgraded (ignoreTLS);
 * STARTTLS: must upgrade (requireTLS); TLS: TLS from the first byte (secure).
 */
export function transportFor(settings: EmailSettings) {
  const encryption = settings.emailEncryption;
  return nodemailer.createTransport({
    host: settings.emailHost,
    port: settings.emailPort,
    secure: encryption === 'TLS',
    ignoreTLS: encryption === 'none',
    requireTLS: encryption === 'STARTTLS',
    auth: settings.emailUser ? { user: settings.emailUser, pass: settings.emailPass ?? '' } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

/** The From header: "Name <address>" when the settings name the sender. */
const fromOf = (settings: EmailSettings) =>
  settings.fromName ? { name: settings.fromName, address: settings.fromAddress } : settings.fromAddress;

/** Sends one mail now; answers the SMTP server's reply to the message (e.g. "250 OK: queued as ..."). */
export async function sendNow(settings: EmailSettings, mail: Outgoing): Promise<string> {
  const transport = transportFor(settings);
  try {
    const info = await transport.sendMail({
      from: fromOf(settings),
      to: mail.to,
      cc: mail.cc?.length ? mail.cc : undefined,
      bcc: mail.bcc?.length ? mail.bcc : undefined,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments,
    });
    return String(info.response ?? '');
  } finally {
    transport.close();
  }
}

/**
 * Why a send failed, in plain words: the server's own reply when it answered (e.g. "535 Authentication
 * failed"), otherwise what went wrong with the connection.
 */
export function describeSendError(error: unknown, settings: Pick<EmailSettings, 'emailHost' | 'emailPort'>): string {
  const e = error as { code?: string; response?: string; message?: string };
  const where = `${settings.emailHost}:${settings.emailPort}`;
  if (e.response) return e.response;
  // nodemailer wraps socket errors (code ESOCKET / ECONNECTION); the system's code is in the message
  const code = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT)\b/.exec(`${e.code} ${e.message}`)?.[1] ?? e.code;
  switch (code) {
    case 'ECONNREFUSED':
      return `The mail server at ${where} refused the connection (nothing is listening there)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EDNS':
      return `The mail server's name ${settings.emailHost} could not be found`;
    case 'ETIMEDOUT':
      return `The mail server at ${where} did not answer in time`;
    default:
      return e.message || String(error);
  }
}
