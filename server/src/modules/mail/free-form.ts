import { freeFormMailFields, freeFormMailInput } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, fieldError } from '../../platform/errors.ts';
import { parseBody } from '../../platform/route.ts';
import type { OutboxAttachment } from '../../schema/index.ts';
import { htmlToText } from './html-text.ts';
import { shopMail } from './layout.ts';
import { enqueueMail } from './outbox.ts';
import { settingsFor } from './settings-row.ts';

/** The mail's fields and files: form data (files as `attachment`) or JSON without files. */
async function readMailForm(ctx: AppContext, req: FastifyRequest) {
  if (!req.isMultipart()) {
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw badRequest('Send the mail as form data (or a JSON object without files)');
    return { fields: body as Record<string, unknown>, attachments: [] as OutboxAttachment[] };
  }
  const { fields, files } = await ctx.files.readMultipart(req);
  const wanted = freeFormMailFields.attachment;
  const stray = files.find((f) => f.field.replace(/\[\]$/, '') !== wanted);
  if (stray) throw badRequest(`Unexpected file field ${stray.field}; send files as ${wanted}`, { [stray.field]: 'is not expected' });
  const attachments = files.map((f) => ({
    filename: f.filename || 'attachment',
    contentType: f.mimetype || 'application/octet-stream',
    base64: f.data.toString('base64'),
  }));
  return { fields, attachments };
}

/**
 * POST email?emailConfigName=: a mail written by staff, framed with the shop's name and logo, queued in
 * the outbox with its attachments (the worker sends it). Answers the outbox id.
 */
export async function sendFreeForm(ctx: AppContext, req: FastifyRequest, emailConfigName: string | undefined) {
  const { fields, attachments } = await readMailForm(ctx, req);
  const input = parseBody(freeFormMailInput, fields);
  const name = emailConfigName || null;
  const settings = await settingsFor(ctx.db, name);
  if (!settings) {
    throw name
      ? fieldError('emailConfigName', 'does not exist')
      : badRequest('Set up the e-mail settings first: there are no active ones to send with', { emailConfigName: 'is required' });
  }
  const mail = await shopMail(ctx.db, { html: input.body, text: htmlToText(input.body) }, { publicUrl: ctx.config.publicUrl });
  const id = await req.db.transaction((tx) =>
    enqueueMail(tx, {
      kind: 'freeForm',
      to: input.receiverEmail,
      cc: input.cc ?? [],
      bcc: input.bcc ?? [],
      subject: input.subject,
      ...mail,
      attachments,
      emailConfigName: name,
    }),
  );
  return { message: `The mail to ${input.receiverEmail.join(', ')} is queued`, id };
}
