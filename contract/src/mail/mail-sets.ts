/** Closed sets of e-mail, shared by the outbox's columns, the settings and the screens. */

/** How the SMTP connection is secured: none, upgraded with STARTTLS, or TLS from the first byte. */
export const emailEncryptions = ['none', 'STARTTLS', 'TLS'] as const;
export type EmailEncryption = (typeof emailEncryptions)[number];

/** An outbox mail: waiting (or waiting to retry), sent, or failed for good after its last attempt. */
export const outboxStates = ['queued', 'sent', 'failed'] as const;
export type OutboxState = (typeof outboxStates)[number];

/** What caused a mail, for the outbox list. */
export const mailKinds = ['welcome', 'passwordReset', 'freeForm', 'invoice', 'test', 'order', 'appointment'] as const;
export type MailKind = (typeof mailKinds)[number];
