import { fromCents, saleEndpoints, sellingMessages } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import type { ListQuery } from '../../platform/list-query.ts';
import { caller, found, type RouteDef } from '../../platform/route.ts';
import { customer, saleInvoice } from '../../schema/index.ts';
import { createSale } from './create-sale.ts';
import { listSales, readSale, saleLines } from './sale-read.ts';
import { setSaleStatus } from './undo-sale.ts';

/** The till's sales: create, lists (all, one customer's, the signed-in customer's own), detail, undo. */
export function saleRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  return [
    implement(ctx, saleEndpoints.create, async ({ body, req }) => {
      const sale = await db.transaction((tx) => createSale(tx, body, caller(req).id, ctx.config.clock));
      const { getAllSaleInvoice } = await listSales(db, listAll, [eq(saleInvoice.id, sale.invoiceId)]);
      const [buyer] = await db
        .select({ id: customer.id, username: customer.username })
        .from(customer)
        .where(eq(customer.id, sale.customerId));
      return {
        createdInvoice: { ...getAllSaleInvoice[0]!, saleInvoiceProduct: await saleLines(db, sale.invoiceId) },
        customer: buyer!,
        change: fromCents(sale.change),
        message: sellingMessages.saleAdded,
      };
    }),
    implement(ctx, saleEndpoints.list, ({ query }) => listSales(db, query)),
    implement(ctx, saleEndpoints.listOfCustomer, ({ params, query }) => listSales(db, query, [eq(saleInvoice.customerId, params.id)])),
    implement(ctx, saleEndpoints.listMine, ({ query, req }) => listSales(db, query, [eq(saleInvoice.customerId, caller(req).id)])),
    implement(ctx, saleEndpoints.get, async ({ params }) => found(await readSale(db, params.id), 'Sale invoice')),
    implement(ctx, saleEndpoints.undo, async ({ params, body, req }) => {
      await db.transaction((tx) => setSaleStatus(tx, params.id, body.status, caller(req).id, ctx.config.clock));
      const [row] = await db
        .select({ id: saleInvoice.id, state: saleInvoice.state, status: saleInvoice.status })
        .from(saleInvoice)
        .where(eq(saleInvoice.id, params.id));
      return { ...row!, message: body.status === 'false' ? sellingMessages.saleDeleted : sellingMessages.saleUpdated };
    }),
  ];
}

/** Every row, whatever its status (a just-made sale). */
const listAll: ListQuery = { mode: 'all', page: 1, count: 1, unpaged: true, statuses: null, order: 'desc', filters: {} };
