import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint, fileAnswer } from '../endpoint.ts';
import { email, id, plainText } from '../fields.ts';

/** cc / bcc: a list of addresses, or one text of addresses separated by commas or semicolons. */
const addressList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(/[,;]/)
          .map((a) => a.trim())
          .filter(Boolean)
      : v === null
        ? []
        : v,
  z.array(email, { error: 'must be e-mail addresses' }).max(20, 'must be at most 20 addresses').optional(),
);

/** What the invoice is: only sale invoices for now (the older system also mailed quotes). */
export const emailInvoiceQuery = z.object({ type: z.enum(['saleinvoice'], { error: "must be 'saleinvoice'" }) });

/** The older system's field names: the sale invoice's id, the receiver, copies, and an optional subject and HTML body. */
export const emailInvoiceBody = z.object({
  id,
  receiverEmail: email,
  cc: addressList,
  bcc: addressList,
  subject: z.preprocess((v) => (v === '' ? undefined : v), plainText(200).optional()),
  body: z.preprocess((v) => (v === '' ? undefined : v), z.string({ error: 'must be text' }).max(20_000, 'is too long').optional()),
});
export type EmailInvoiceBody = z.input<typeof emailInvoiceBody>;

/** The mail is in the outbox; the mail worker sends it (see the outbox for its fate). */
export const emailInvoiceAnswer = z.object({ message: out.text, outboxId: out.id });

/** A sale invoice as a PDF (the printed A4 invoice): mailed, or downloaded. */
export const invoiceMailEndpoints = {
  emailInvoice: endpoint({
    method: 'POST',
    path: 'email-invoice',
    access: 'create-email',
    query: emailInvoiceQuery,
    body: emailInvoiceBody,
    answer: emailInvoiceAnswer,
  }),
  salePdf: endpoint({ method: 'GET', path: 'sale-invoice/:id/pdf', access: 'readSingle-saleInvoice', answer: fileAnswer }),
};
