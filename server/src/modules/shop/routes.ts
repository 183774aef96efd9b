import {
  cartEndpoints,
  costPermission,
  couponAmount,
  couponEndpoints,
  couponRefusal,
  fromCents,
  manualPaymentEndpoints,
  orderEndpoints,
  toCents,
} from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import { businessDate, ShopDay } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { journalSealer } from '../../platform/journal-seal.ts';
import { caller, customerOf, found, holds, type RouteDef } from '../../platform/route.ts';
import { addToCart, cartById, changeCartLine, setCartStatus } from './cart.ts';
import { cartOf } from './cart-read.ts';
import { placeOrder } from './checkout.ts';
import { couponByCode } from './coupon-check.ts';
import { addManualPayment, listManualPayments, readManualPayment, setManualPaymentStatus, verifyPayment } from './manual-payment.ts';
import { assertOrderFiguresMatchLedger } from './order-kept-figures.ts';
import { quoteOrder } from './order-quote.ts';
import { listOrders, readOrder } from './order-read.ts';
import { moveOrder } from './order-status.ts';
import { returnRoutes } from './return-routes.ts';

/** Profit tells what the goods cost: only for a role holding the cost permission (never a shopper). */
export const withoutProfit = <T extends { profit?: unknown }>(req: FastifyRequest, row: T): T => {
  if (holds(req, costPermission)) return row;
  const { profit: _, ...rest } = row;
  return rest as T;
};

/** The shop's routes: the shopper's cart, checkout, orders and their life, manual payments, the coupon check. */
export function shopRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const clock = () => ctx.config.clock;
  const me = (req: FastifyRequest) => caller(req).id;
  const day = new ShopDay(ctx);

  const checkout = async (req: FastifyRequest, body: Parameters<typeof placeOrder>[2]) => {
    const today = await day.today(req);
    const placed = await idempotent(
      req,
      body,
      (tx) => placeOrder(tx, me(req), body, today, ctx.config.publicUrl),
      (first) => ({ orderId: first.orderId, repeat: true }),
    );
    // the order is sealed in the sales journal just after its commit (issue 34)
    journalSealer(db).poke();
    // a new order's figures are written with its postings: with checkAnswers on (the tests), they are read back
    // against its ledger once committed (outside the checkout's locks; kept figures equal the ledger at any time)
    if (ctx.config.checkAnswers && !placed.repeat) await assertOrderFiguresMatchLedger(db, placed.orderId);
    // a new order is answered from what was written; a repeat is read back
    const order = placed.created ?? found(await readOrder(db, placed.orderId, me(req)), `Order ${placed.orderId}`).singleCartOrder;
    return {
      createdCartOrder: withoutProfit(req, order),
      message: placed.repeat ? 'Order already placed' : 'Order placed successfully',
    };
  };

  return [
    implement(ctx, cartEndpoints.add, async ({ req, body }) => {
      const today = await day.today(req);
      return req.db.transaction((tx) => addToCart(tx, me(req), body, today));
    }),
    implement(ctx, cartEndpoints.ofCustomer, async ({ req, params }) => {
      if (params.id !== me(req)) throw notFound(`The cart of customer ${params.id}`);
      return { message: 'success', cart: await cartOf(db, me(req), await day.today(req)) };
    }),
    implement(ctx, cartEndpoints.get, async ({ req, params }) => cartById(db, me(req), params.id, await day.today(req))),
    implement(ctx, cartEndpoints.change, async ({ req, params, body }) => {
      const today = await day.today(req);
      return req.db.transaction((tx) => changeCartLine(tx, me(req), params.id, body, today));
    }),
    implement(ctx, cartEndpoints.empty, async ({ req, params, body }) => {
      const today = await day.today(req);
      return req.db.transaction((tx) => setCartStatus(tx, me(req), params.id, body.status, today));
    }),

    implement(ctx, orderEndpoints.create, ({ req, body }) => checkout(req, body)),
    implement(ctx, orderEndpoints.createOrder, ({ req, body }) => checkout(req, body)),
    implement(ctx, orderEndpoints.quote, async ({ req, body }) => quoteOrder(db, me(req), body, await day.today(req))),
    implement(ctx, orderEndpoints.list, async ({ req, query }) => {
      const list = await listOrders(db, query, customerOf(req));
      return {
        ...list,
        getAllCartOrder: list.getAllCartOrder.map((o) => withoutProfit(req, o)),
        aggregations: { ...list.aggregations, _sum: withoutProfit(req, list.aggregations._sum) },
      };
    }),
    implement(ctx, orderEndpoints.get, async ({ req, params }) => {
      const order = found(await readOrder(db, params.id, customerOf(req)), `Order ${params.id}`);
      return { ...order, singleCartOrder: withoutProfit(req, order.singleCartOrder) };
    }),
    implement(ctx, orderEndpoints.setStatus, async ({ req, body }) => {
      const to = await req.db.transaction((tx) => moveOrder(tx, body, me(req), clock(), ctx.config.publicUrl));
      return { message: `Order #${body.invoiceId} is now ${to.toLowerCase()}`, id: body.invoiceId, orderStatus: to };
    }),

    implement(ctx, manualPaymentEndpoints.list, ({ query }) => listManualPayments(db, query)),
    implement(ctx, manualPaymentEndpoints.get, async ({ req, params }) =>
      found(await readManualPayment(db, params.id, customerOf(req)), `Manual payment ${params.id}`),
    ),
    implement(ctx, manualPaymentEndpoints.create, async ({ req, body }) => {
      const id = await idempotent(req, body, (tx) => addManualPayment(tx, me(req), body));
      return found(await readManualPayment(db, id, me(req)), `Manual payment ${id}`);
    }),
    implement(ctx, manualPaymentEndpoints.setStatus, async ({ params, body, req }) => {
      await req.db.transaction((tx) => setManualPaymentStatus(tx, params.id, body.status));
      return found(await readManualPayment(db, params.id), `Manual payment ${params.id}`);
    }),
    implement(ctx, manualPaymentEndpoints.verify, async ({ req, params, body }) => {
      await req.db.transaction((tx) => verifyPayment(tx, params.id, body.isVerified, me(req), clock()));
      const payment = found(await readManualPayment(db, params.id), `Manual payment ${params.id}`);
      return { ...payment, message: body.isVerified === 'Accept' ? 'Payment accepted' : 'Payment rejected' };
    }),

    implement(ctx, couponEndpoints.check, async ({ req, params, query }) => {
      const coupon = await couponByCode(db, params.code, customerOf(req));
      if (!coupon) throw notFound(`Coupon ${params.code}`);
      // without an amount the minimum order is left to the checkout
      const goods = query.amount > 0 ? query.amount : Math.max(coupon.minimumOrder ?? 0, 0.01);
      const refusal = couponRefusal(coupon, await businessDate(db, clock()), goods, coupon);
      if (refusal) throw badRequest(refusal, { code: refusal });
      return { ...coupon, couponAmount: fromCents(couponAmount(coupon, toCents(query.amount))) };
    }),
    ...returnRoutes(ctx, { day, withoutProfit }),
  ];
}
