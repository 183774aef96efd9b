import { invoiceMailEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { found, type RouteDef } from '../../platform/route.ts';
import { enqueueMail, escapeHtml, htmlToText, shopMail } from '../mail/index.ts';
import { saleInvoicePdf } from './invoice-pdf.ts';
import { shopDetails } from './shop-details.ts';

/** A sale invoice as a PDF: mailed through the outbox (`POST email-invoice?type=saleinvoice`) or downloaded. */
export function invoiceMailRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, invoiceMailEndpoints.emailInvoice, async ({ body, req }) =>
      req.db.transaction(async (tx) => {
        const made = found(await saleInvoicePdf(tx, body.id), 'Sale invoice');
        const shop = await shopDetails(tx);
        const number = made.sale.singleSaleInvoice.number;
        const subject = body.subject ?? `Invoice #${number} from ${shop.companyName}`;
        const html =
          body.body ??
          `<p>Hello,</p><p>Please find attached invoice #${number} from ${escapeHtml(shop.companyName)}.</p><p>Thank you for your custom.</p>`;
        const outboxId = await enqueueMail(tx, {
          kind: 'invoice',
          to: [body.receiverEmail],
          cc: body.cc ?? [],
          bcc: body.bcc ?? [],
          subject,
          ...(await shopMail(tx, { heading: `Invoice #${number}`, html, text: htmlToText(html) }, ctx.config)),
          attachments: [{ filename: made.filename, contentType: 'application/pdf', base64: made.pdf.toString('base64') }],
        });
        return { message: 'The invoice is in the outbox and will be sent shortly', outboxId };
      }),
    ),
    implement(ctx, invoiceMailEndpoints.salePdf, async ({ params, reply }) => {
      const made = found(await saleInvoicePdf(ctx.db, params.id), 'Sale invoice');
      reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${made.filename}"`);
      return made.pdf;
    }),
  ];
}
