import { fromCents, holdEndpoints, returnSaleEndpoints, saleEndpoints, salePaymentEndpoints, sellingMessages } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { journalSealer } from '../../platform/journal-seal.ts';
import { caller, found, type RouteDef } from '../../platform/route.ts';
import { saleInvoice } from '../../schema/index.ts';
import { type CreatedSale, cancelHeldSale, completeHeldSale, createSale } from './create-sale.ts';
import { listCustomerPayments } from './payment-read.ts';
import { listSaleReturns, readSaleReturn } from './return-read.ts';
import { listForCaller, profitShown } from './sale-cost.ts';
import { refuseUnallowedOverride } from './sale-events.ts';
import { setOrderStatus } from './sale-order.ts';
import { payForSale } from './sale-payment.ts';
import { listHeld, listSales, readHeld, readSale, readSaleByNumber } from './sale-read.ts';
import { createSaleReturn } from './sale-return.ts';
import { committedNumber } from './sale-write.ts';
import { setSaleStatus } from './undo-sale.ts';

/** The create answer: {createdInvoice, customer}, the change and the spec's message, from what the sale wrote. */
function createdAnswer(req: FastifyRequest, sale: CreatedSale) {
  const createdInvoice = profitShown(req)(sale.invoice);
  return {
    createdInvoice,
    customer: createdInvoice.customer,
    change: fromCents(sale.change),
    message: sellingMessages.saleAdded,
  };
}

async function stateOf(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: saleInvoice.id, state: saleInvoice.state, status: saleInvoice.status, orderStatus: saleInvoice.orderStatus })
    .from(saleInvoice)
    .where(eq(saleInvoice.id, id));
  return row!;
}

/** The till's sales: create, lists (all, one customer's, the signed-in customer's own), detail, undo; held sales; payments; returns. */
export function saleRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const clock = () => ctx.config.clock;
  return [
    implement(ctx, saleEndpoints.create, async ({ body, req }) => {
      refuseUnallowedOverride(req, body.saleInvoiceProduct);
      const created = await idempotent(req, body, (tx) => createSale(tx, body, caller(req).id, clock()));
      // a completed sale is sealed in the sales journal just after its commit (issue 34)
      journalSealer(db).poke();
      return createdAnswer(req, await committedNumber(db, created));
    }),
    implement(ctx, saleEndpoints.list, async ({ query, req }) => listForCaller(req, await listSales(db, query, [], { graph: true }))),
    implement(ctx, saleEndpoints.listOfCustomer, async ({ params, query, req }) =>
      listForCaller(req, await listSales(db, query, [eq(saleInvoice.customerId, params.id)])),
    ),
    implement(ctx, saleEndpoints.listMine, async ({ query, req }) =>
      listForCaller(req, await listSales(db, query, [eq(saleInvoice.customerId, caller(req).id)])),
    ),
    implement(ctx, saleEndpoints.get, async ({ params, req }) => {
      const sale = found(await readSale(db, params.id), 'Sale invoice');
      return { ...sale, singleSaleInvoice: profitShown(req)(sale.singleSaleInvoice) };
    }),
    implement(ctx, saleEndpoints.getByNumber, async ({ params, req }) => {
      const sale = found(await readSaleByNumber(db, params.id), `Sale invoice number ${params.id}`);
      return { ...sale, singleSaleInvoice: profitShown(req)(sale.singleSaleInvoice) };
    }),
    implement(ctx, saleEndpoints.undo, async ({ params, body, req }) => {
      await req.db.transaction((tx) => setSaleStatus(tx, params.id, body.status, caller(req).id, clock()));
      return {
        ...(await stateOf(db, params.id)),
        message: body.status === 'false' ? sellingMessages.saleDeleted : sellingMessages.saleUpdated,
      };
    }),
    implement(ctx, holdEndpoints.list, async ({ query, req }) => {
      const held = await listHeld(db, query);
      return { ...held, allHoldInvoice: held.allHoldInvoice.map(profitShown(req)) };
    }),
    implement(ctx, holdEndpoints.get, async ({ params, req }) => profitShown(req)(found(await readHeld(db, params.id), 'Held sale'))),
    implement(ctx, holdEndpoints.complete, async ({ params, body, req }) => {
      refuseUnallowedOverride(req, body.saleInvoiceProduct);
      const created = await idempotent(req, body, (tx) => completeHeldSale(tx, params.id, body, caller(req).id, clock()));
      journalSealer(db).poke();
      return createdAnswer(req, await committedNumber(db, created));
    }),
    implement(ctx, holdEndpoints.cancel, async ({ body, req }) => {
      const { invoiceId, orderStatus } = body;
      await req.db.transaction((tx) => (orderStatus ? setOrderStatus(tx, invoiceId, orderStatus) : cancelHeldSale(tx, invoiceId)));
      return { ...(await stateOf(db, body.invoiceId)), message: sellingMessages.saleUpdated };
    }),
    implement(ctx, salePaymentEndpoints.create, ({ body, req }) => idempotent(req, body, (tx) => payForSale(tx, body, clock()))),
    implement(ctx, salePaymentEndpoints.list, ({ query }) => listCustomerPayments(db, query)),
    implement(ctx, returnSaleEndpoints.create, async ({ body, req }) => {
      const id = await idempotent(req, body, (tx) => createSaleReturn(tx, body, caller(req).id, clock()));
      return { createdReturnSaleInvoice: found(await readSaleReturn(db, id), 'Sale return'), message: sellingMessages.returnAdded };
    }),
    implement(ctx, returnSaleEndpoints.list, ({ query }) => listSaleReturns(db, query)),
    implement(ctx, returnSaleEndpoints.get, async ({ params }) => found(await readSaleReturn(db, params.id), 'Sale return')),
  ];
}
