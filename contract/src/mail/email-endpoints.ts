import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint, listQuery, multipart } from '../endpoint.ts';
import { controlCharacterMessage, email, noControlCharacters, numberField, optionalText, plainText, requiredText } from '../fields.ts';
import { statusText } from '../status.ts';
import { emailEncryptions, mailKinds, outboxStates } from './mail-sets.ts';

/** A password as typed: any printable characters, not trimmed (spaces may be part of it). */
const password = z
  .string({ error: 'must be text' })
  .max(500, 'must be at most 500 characters')
  .refine((text) => noControlCharacters(text), controlCharacterMessage);

const settingsFields = {
  emailConfigName: requiredText(120),
  emailHost: requiredText(255),
  emailPort: numberField((n) => n.int('must be a whole number').min(1, 'must be at least 1').max(65535, 'must be at most 65535')),
  emailUser: optionalText(255),
  emailEncryption: z.enum(emailEncryptions, { error: `must be one of ${emailEncryptions.join(', ')}` }).default('STARTTLS'),
  fromName: optionalText(120),
  fromAddress: email,
  status: statusText.optional(),
};

/**
 * `POST email-config`: a named set of SMTP settings (the older system's field names). `emailPass` is
 * kept for sending and never answered.
 */
export const emailConfigInput = z.object({ ...settingsFields, emailPass: password.nullish() });
export type EmailConfigInput = z.input<typeof emailConfigInput>;

/**
 * `PUT email-config/:id`: the same fields; `emailPass` left out (or sent as '') keeps the stored
 * password, `null` removes it.
 */
export const emailConfigUpdate = z.object({ ...settingsFields, emailPass: password.nullish() });

/** Settings as answered: never the password, only whether one is set. */
export const emailConfigOut = z.object({
  id: out.id,
  emailConfigName: out.text,
  emailHost: out.text,
  emailPort: out.int,
  emailUser: out.optionalText,
  emailEncryption: z.enum(emailEncryptions),
  fromName: out.optionalText,
  fromAddress: out.text,
  passwordSet: statusText,
  status: out.status,
  createdAt: out.timestamp,
  updatedAt: out.timestamp,
});
export type EmailConfig = z.infer<typeof emailConfigOut>;

export const emailTestInput = z.object({ to: email });

/** The test mail's outcome: what the SMTP server answered when it took the mail, or why it did not. */
export const emailTestOut = z.object({ ok: statusText, serverAnswer: out.text });

/** One outbox mail in the list: no bodies, no attachment bytes. */
export const outboxMailOut = z.object({
  id: out.id,
  kind: z.enum(mailKinds),
  state: z.enum(outboxStates),
  subject: out.text,
  to: z.array(out.text),
  emailConfigName: out.optionalText,
  attempts: out.int,
  lastError: out.optionalText,
  nextAttemptAt: out.timestamp,
  createdAt: out.timestamp,
  sentAt: out.timestamp.nullable(),
  serverAnswer: out.optionalText,
  attachmentCount: out.int,
});
export type OutboxMail = z.infer<typeof outboxMailOut>;

/** Form field names of the free-form mail (`POST email`); files come as `attachment`. */
export const freeFormMailFields = {
  to: 'receiverEmail',
  cc: 'cc',
  bcc: 'bcc',
  subject: 'subject',
  body: 'body',
  attachment: 'attachment',
} as const;

/** A comma- or semicolon-separated list of addresses (form text) or a JSON list of them; the field is named as a whole. */
const addressList = (required: boolean) =>
  z
    .preprocess((v) => (Array.isArray(v) ? v.join(',') : (v ?? '')), z.string({ error: 'must be e-mail addresses' }))
    .transform((text) =>
      text
        .split(/[,;]/)
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((a) => email.safeParse(a).success), 'must be e-mail addresses separated by commas')
    .refine((list) => list.length <= 50, 'must be at most 50 addresses')
    .refine((list) => !required || list.length > 0, 'is required')
    .transform((list) => [...new Set(list.map((a) => email.parse(a)))]);

/** The free-form mail's text fields (form data or JSON). */
export const freeFormMailInput = z.object({
  receiverEmail: addressList(true),
  cc: addressList(false).optional(),
  bcc: addressList(false).optional(),
  subject: requiredText(200),
  /** The message as HTML (a plain-text twin is made from it). */
  body: plainText(200_000, true).refine((text) => text.length > 0, 'is required'),
});

export const freeFormMailQuery = z.object({ emailConfigName: z.string().trim().max(120).optional() });

/** E-mail settings: named SMTP settings, with a test send that answers the server's own reply. */
export const emailConfigEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'email-config',
    access: 'readAll-emailConfig',
    answer: z.object({ getAllEmailConfig: z.array(emailConfigOut) }),
  }),
  create: endpoint({
    method: 'POST',
    path: 'email-config',
    access: 'create-emailConfig',
    body: emailConfigInput,
    answer: emailConfigOut,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'email-config/:id',
    access: 'update-emailConfig',
    body: emailConfigUpdate,
    answer: emailConfigOut,
  }),
  test: endpoint({
    method: 'POST',
    path: 'email-config/:id/test',
    access: 'update-emailConfig',
    body: emailTestInput,
    answer: emailTestOut,
  }),
};

/** Mail: the outbox (every mail the shop sends, with its attempts) and the free-form mail. */
export const emailEndpoints = {
  outbox: endpoint({
    method: 'GET',
    path: 'outbox',
    access: 'readAll-email',
    query: listQuery({ filters: { state: z.enum(outboxStates, { error: `must be one of ${outboxStates.join(', ')}` }).optional() } }),
    answer: z.object({ getAllOutbox: z.array(outboxMailOut), totalOutbox: out.int }),
  }),
  retry: endpoint({ method: 'POST', path: 'outbox/:id/retry', access: 'update-email', answer: outboxMailOut }),
  send: endpoint({
    method: 'POST',
    path: 'email',
    access: 'create-email',
    body: multipart,
    query: freeFormMailQuery,
    answer: z.object({ message: out.text, id: out.id }),
    status: 201,
  }),
};
