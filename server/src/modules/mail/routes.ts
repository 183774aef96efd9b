import { emailConfigEndpoints, emailEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import type { RouteDef } from '../../platform/route.ts';
import { createSettings, listSettings, testSettings, updateSettings } from './email-settings.ts';
import { sendFreeForm } from './free-form.ts';
import { listOutbox, retryMail } from './outbox-admin.ts';
import { wakeMailer } from './worker.ts';

/** E-mail settings, the outbox and the free-form mail. */
export function mailRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  // a mail of at most 12 attachments, each within the upload limit
  const bodyLimit = ctx.files.maxBytes * 12 + 1024 * 1024;
  return [
    implement(ctx, emailConfigEndpoints.list, () => listSettings(db)),
    implement(ctx, emailConfigEndpoints.create, ({ body }) => createSettings(db, body)),
    implement(ctx, emailConfigEndpoints.update, ({ params, body }) => updateSettings(db, params.id, body)),
    implement(ctx, emailConfigEndpoints.test, ({ params, body }) => testSettings(db, params.id, body.to, ctx.config.publicUrl)),
    implement(ctx, emailEndpoints.outbox, ({ query }) => listOutbox(db, query as never)),
    implement(ctx, emailEndpoints.retry, async ({ params }) => {
      const mail = await retryMail(db, params.id);
      wakeMailer();
      return mail;
    }),
    implement(ctx, emailEndpoints.send, ({ query, req }) => sendFreeForm(ctx, req, query.emailConfigName), { bodyLimit }),
  ];
}
