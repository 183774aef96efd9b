import { wishlistEndpoints } from '@tillbook/contract';
import { ShopDay } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { notFound } from '../../platform/errors.ts';
import { caller, customerOf, found, type RouteDef } from '../../platform/route.ts';
import { mostWished } from './most-wished.ts';
import { addToWishlist, customerWishlist, readLine, removeFromWishlist, setLineStatus } from './wishlist.ts';

/**
 * The wishlist's routes. A shopper reaches only their own list: their id from the token, and another
 * shopper's list or line is not found (as the cart's). Staff need the route's permission.
 */
export function wishlistRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const day = new ShopDay(ctx);
  /** The customer whose list `id` names, refused (404) to a shopper naming another. */
  const listOf = (req: Parameters<typeof customerOf>[0], id: number) => {
    const shopper = customerOf(req);
    if (shopper !== undefined && shopper !== id) throw notFound(`The wishlist of customer ${id}`);
    return id;
  };
  return [
    implement(ctx, wishlistEndpoints.add, async ({ req, body }) => {
      const today = await day.today(req);
      return req.db.transaction((tx) => addToWishlist(tx, caller(req).id, body.productId, today));
    }),
    implement(ctx, wishlistEndpoints.ofCustomer, async ({ req, params, query }) =>
      customerWishlist(db, listOf(req, params.id), query, await day.today(req)),
    ),
    implement(ctx, wishlistEndpoints.list, async ({ req, query }) => mostWished(db, query, await day.today(req))),
    implement(ctx, wishlistEndpoints.get, async ({ req, params }) =>
      found(await readLine(db, params.id, await day.today(req), customerOf(req)), `Wishlist line ${params.id}`),
    ),
    implement(ctx, wishlistEndpoints.update, async ({ req, params, body }) => {
      const today = await day.today(req);
      return req.db.transaction((tx) => setLineStatus(tx, params.id, body.status, today, customerOf(req)));
    }),
    implement(ctx, wishlistEndpoints.remove, async ({ req, params, body }) =>
      req.db.transaction((tx) => removeFromWishlist(tx, listOf(req, params.id), body.productId)),
    ),
  ];
}
