import { leadEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { found, type RouteDef } from '../../platform/route.ts';
import { convertLead } from './convert-lead.ts';
import { listLeads, readLead, readLeadDetail } from './lead-read.ts';
import { createLead, setLeadStatus, updateLead } from './lead-write.ts';

/** Leads (reference 2.10): list, page with appointments, create, update, hide, convert to a customer. */
export function leadRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const lead = async (id: number) => found(await readLead(db, id), `Lead ${id}`);
  return [
    implement(ctx, leadEndpoints.list, ({ query }) => listLeads(db, query)),
    implement(ctx, leadEndpoints.get, async ({ params }) => found(await readLeadDetail(db, params.id), `Lead ${params.id}`)),
    implement(ctx, leadEndpoints.create, async ({ body, req }) => {
      const id = await req.db.transaction((tx) => createLead(tx, body));
      return { data: await lead(id), message: 'Lead added successfully' };
    }),
    implement(ctx, leadEndpoints.update, async ({ params, body, req }) => {
      await req.db.transaction((tx) => updateLead(tx, params.id, body));
      return { data: await lead(params.id), message: 'Lead updated successfully' };
    }),
    implement(ctx, leadEndpoints.setStatus, async ({ params, body, req }) => {
      await req.db.transaction((tx) => setLeadStatus(tx, params.id, body.status === 'true'));
      return { data: await lead(params.id), message: body.status === 'true' ? 'Lead is shown again' : 'Lead hidden' };
    }),
    implement(ctx, leadEndpoints.convert, async ({ params, req }) => {
      const made = await req.db.transaction((tx) => convertLead(tx, params.id, ctx.config.publicUrl));
      const message = made.already
        ? `Lead ${params.id} was already converted to customer ${made.id}`
        : made.linked
          ? `Lead ${params.id} is linked to the customer with its e-mail (${made.id})`
          : `Lead ${params.id} is now customer ${made.id}`;
      return {
        data: await lead(params.id),
        customer: { id: made.id, username: made.username, email: made.email },
        linked: made.linked,
        message,
      };
    }),
  ];
}
