import { purchaseInvoiceEndpoints, purchaseMessages, purchasePaymentEndpoints, returnPurchaseEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { caller, found, type RouteDef } from '../../platform/route.ts';
import { createPurchase } from './create-purchase.ts';
import { listSupplierPayments } from './payment-read.ts';
import { listPurchases, readPurchase } from './purchase-read.ts';
import { createPurchaseReturn } from './purchase-return.ts';
import { listPurchaseReturns, readPurchaseReturn } from './return-read.ts';
import { paySupplier } from './supplier-payment.ts';
import { setPurchaseStatus } from './undo-purchase.ts';

/** Purchasing: purchase invoices, purchase returns and supplier payments. */
export function purchasingRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const clock = () => ctx.config.clock;
  const purchase = async (id: number) => found(await readPurchase(db, id), 'Purchase invoice');
  return [
    implement(ctx, purchaseInvoiceEndpoints.create, async ({ body, req }) => {
      const id = await idempotent(req, body, (tx) => createPurchase(tx, body, caller(req).id, clock()));
      const detail = await purchase(id);
      return { createdInvoice: detail.singlePurchaseInvoice, supplier: detail.singlePurchaseInvoice.supplier };
    }),
    implement(ctx, purchaseInvoiceEndpoints.list, ({ query }) => listPurchases(db, query)),
    implement(ctx, purchaseInvoiceEndpoints.get, ({ params }) => purchase(params.id)),
    implement(ctx, purchaseInvoiceEndpoints.undo, async ({ params, body, req }) => {
      await req.db.transaction((tx) => setPurchaseStatus(tx, params.id, body.status, caller(req).id, clock()));
      return {
        message: body.status === 'false' ? purchaseMessages.purchaseDeleted : 'Purchase is active',
        purchaseInvoice: await purchase(params.id),
      };
    }),
    implement(ctx, returnPurchaseEndpoints.create, async ({ body, req }) => {
      const id = await idempotent(req, body, (tx) => createPurchaseReturn(tx, body, caller(req).id, clock()));
      return { createdReturnPurchaseInvoice: found(await readPurchaseReturn(db, id), 'Purchase return') };
    }),
    implement(ctx, returnPurchaseEndpoints.list, ({ query }) => listPurchaseReturns(db, query)),
    implement(ctx, returnPurchaseEndpoints.get, async ({ params }) => found(await readPurchaseReturn(db, params.id), 'Purchase return')),
    implement(ctx, purchasePaymentEndpoints.create, ({ body, req }) => idempotent(req, body, (tx) => paySupplier(tx, body, clock()))),
    implement(ctx, purchasePaymentEndpoints.list, ({ query }) => listSupplierPayments(db, query)),
  ];
}
