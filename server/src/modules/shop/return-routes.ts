import { costPermission, returnOrderEndpoints } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import type { ShopDay } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { journalSealer } from '../../platform/journal-seal.ts';
import { caller, customerOf, found, holds, type RouteDef } from '../../platform/route.ts';
import { readOrder } from './order-read.ts';
import { reOrder } from './reorder.ts';
import { createReturn } from './return-create.ts';
import { listReturns, readReturn } from './return-read.ts';
import { moveReturn } from './return-status.ts';

interface ShopHelpers {
  day: ShopDay;
  withoutProfit<T extends { profit?: unknown }>(req: FastifyRequest, row: T): T;
}

/** Cost tells what the goods cost: only for a role holding the cost permission (never a shopper). */
function withoutCost<T extends { cost?: unknown }>(req: FastifyRequest, row: T): T {
  if (holds(req, costPermission)) return row;
  const { cost: _, ...rest } = row;
  return rest as T;
}

const withoutUnitCost = <T extends { unitCost?: unknown }>(req: FastifyRequest, row: T): T => {
  if (holds(req, costPermission)) return row;
  const { unitCost: _, ...rest } = row;
  return rest as T;
};

/** The routes of web orders' returns (reference 3.18): the shopper's request, staff's moves, the replacement order, the lists. */
export function returnRoutes(ctx: AppContext, shop: ShopHelpers): RouteDef[] {
  const { db } = ctx;
  const clock = () => ctx.config.clock;
  const me = (req: FastifyRequest) => caller(req).id;

  const detail = async (req: FastifyRequest, id: number, ownerId?: number) => {
    const answer = found(await readReturn(db, id, ownerId), `Return ${id}`);
    const single = answer.singleReturnCartOrder;
    return {
      ...answer,
      singleReturnCartOrder: {
        ...withoutCost(req, single),
        returnCartOrderProduct: single.returnCartOrderProduct.map((l) => withoutUnitCost(req, l)),
        cartOrder: shop.withoutProfit(req, single.cartOrder),
      },
    };
  };
  const list = async (req: FastifyRequest, answer: Awaited<ReturnType<typeof listReturns>>) => ({
    ...answer,
    getAllReturnCartOrder: answer.getAllReturnCartOrder.map((row) => withoutCost(req, row)),
    aggregations: { ...answer.aggregations, _sum: withoutCost(req, answer.aggregations._sum) },
  });

  return [
    implement(ctx, returnOrderEndpoints.list, async ({ req, query }) => list(req, await listReturns(db, query, customerOf(req)))),
    implement(ctx, returnOrderEndpoints.resend, async ({ req, query }) =>
      list(req, await listReturns(db, { ...query, filters: { ...query.filters, returnCartOrderStatus: 'RESEND', returnType: 'PRODUCT' } })),
    ),
    implement(ctx, returnOrderEndpoints.get, ({ req, params }) => detail(req, params.id, customerOf(req))),
    implement(ctx, returnOrderEndpoints.create, async ({ req, body }) => {
      const today = await shop.day.today(req);
      const made = await idempotent(
        req,
        body,
        (tx) => createReturn(tx, me(req), body, today, ctx.config.publicUrl),
        (first) => ({ returnId: first.returnId, repeat: true }),
      );
      return {
        ...(await detail(req, made.returnId, me(req))),
        message: made.repeat ? 'Return already requested' : 'Return requested successfully',
      };
    }),
    implement(ctx, returnOrderEndpoints.setStatus, async ({ req, params, body }) => {
      const to = await req.db.transaction((tx) =>
        moveReturn(tx, params.id, body.returnCartOrderStatus, me(req), clock(), ctx.config.publicUrl),
      );
      return { message: `Return #${params.id} is now ${to.toLowerCase()}`, id: params.id, returnCartOrderStatus: to };
    }),
    implement(ctx, returnOrderEndpoints.reOrder, async ({ req, body }) => {
      const made = await idempotent(req, body, (tx) => reOrder(tx, body, me(req), clock(), ctx.config.publicUrl));
      journalSealer(db).poke();
      const order = found(await readOrder(db, made.orderId), `Order ${made.orderId}`).singleCartOrder;
      return {
        createdCartOrder: shop.withoutProfit(req, order),
        returnCartOrderId: body.returnCartOrderId,
        message: `Replacement order #${made.orderId} made for return #${body.returnCartOrderId}`,
      };
    }),
  ];
}
