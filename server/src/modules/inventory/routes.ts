import { adjustEndpoints, productVariantEndpoints, reorderEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { caller, found, type RouteDef } from '../../platform/route.ts';
import { listAdjustments, readAdjustment } from './adjust-read.ts';
import { createAdjustment, setAdjustmentStatus } from './adjust-write.ts';
import { createPurchaseRequest, deletePurchaseRequest, listPurchaseRequests, listReorder, readPurchaseRequest } from './reorder.ts';
import { setPurchaseRequestStatus } from './reorder-state.ts';
import { shareOut } from './share-out.ts';

/** The stock room: adjust inventory, the reorder list and purchase requests. */
export function inventoryRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const adjustment = async (id: number) => found(await readAdjustment(db, id), 'Adjust inventory');
  return [
    implement(ctx, adjustEndpoints.create, async ({ body, req }) => {
      const adjustId = await idempotent(req, body, (tx) => createAdjustment(tx, body, caller(req).id, ctx.config.clock));
      return adjustment(adjustId);
    }),
    implement(ctx, productVariantEndpoints.shareOut, async ({ body, req }) => {
      const adjustId = await idempotent(req, body, (tx) => shareOut(tx, body, caller(req).id, ctx.config.clock));
      return adjustment(adjustId);
    }),
    implement(ctx, adjustEndpoints.list, ({ query }) => listAdjustments(db, query)),
    implement(ctx, adjustEndpoints.get, ({ params }) => adjustment(params.id)),
    implement(ctx, adjustEndpoints.reverse, async ({ params, body, req }) => {
      await req.db.transaction((tx) => setAdjustmentStatus(tx, params.id, body.status, caller(req).id, ctx.config.clock));
      return adjustment(params.id);
    }),
    implement(ctx, reorderEndpoints.list, ({ query }) => listReorder(db, query)),
    implement(ctx, reorderEndpoints.createRequest, async ({ body, req }) => {
      const code = await idempotent(req, body, (tx) => createPurchaseRequest(tx, body.lines, body.fieldPrefix));
      return readPurchaseRequest(db, code);
    }),
    implement(ctx, reorderEndpoints.listRequests, ({ query }) => listPurchaseRequests(db, query)),
    implement(ctx, reorderEndpoints.getRequest, ({ params }) => readPurchaseRequest(db, params.code)),
    implement(ctx, reorderEndpoints.cancelRequest, async ({ params, body, req }) => {
      await req.db.transaction((tx) => setPurchaseRequestStatus(tx, params.code, body.status));
      return readPurchaseRequest(db, params.code);
    }),
    implement(ctx, reorderEndpoints.deleteRequest, ({ params, req }) => req.db.transaction((tx) => deletePurchaseRequest(tx, params.code))),
  ];
}
