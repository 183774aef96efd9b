import { maxGalleryImages, productEndpoints } from '@tillbook/contract';
import type { FastifyRequest } from 'fastify';
import { ShopDay } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import type { ListQuery } from '../../platform/list-query.ts';
import type { RouteDef } from '../../platform/route.ts';
import { rowKey } from '../../platform/sql-watch.ts';
import { WatchedCache } from '../../platform/watched-cache.ts';
import { costShown } from './cost-shown.ts';
import { createProductRoute } from './create-product.ts';
import { productDetail } from './product-detail.ts';
import { productList, type StaffFilters } from './product-list.ts';
import {
  type PublicPage,
  priceKeys,
  publicCatalogueTables,
  publicOrder,
  publicPage,
  publicProduct,
  publicProductList,
} from './product-public.ts';
import { setProductStatus, updateProductRoute } from './update-product.ts';
import { wishlistFlag } from './wishlist-flag.ts';

/** Products: the staff catalogue (with stock and images) and the storefront's public view. */
export function productRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  // a form carries a thumbnail and the gallery, each within the upload limit, plus its text fields
  const bodyLimit = ctx.files.maxBytes * (maxGalleryImages + 1) + 1024 * 1024;
  // the storefront's reads are answered from memory until the catalogue is written; prices depend on the day
  const day = new ShopDay(ctx);
  // the presented pages, about 20 KB each: 32 MB keeps some 1,600 of them
  const cache = {
    tables: publicCatalogueTables,
    key: async (req: FastifyRequest) => `${await day.today(req)} ${req.url}`,
    keyNow: (url: string) => {
      const today = day.todayNow();
      return today && `${today} ${url}`;
    },
    bytes: 32 * 1024 * 1024,
  };
  // a query's whole order holds an id per product found, about 16 bytes each: 32 MB holds twenty of 100,000
  // (an order does not depend on stock: a sale keeps it; nor on prices unless ordered or filtered by them: a price change keeps it)
  const orders = new WatchedCache<string, number[]>(ctx.watch, publicCatalogueTables, { entries: 500, bytes: 32 * 1024 * 1024 });
  // the page a request asks for, worked out once per request (for the cache's rows, then for the answer)
  const pages = new WeakMap<FastifyRequest, Promise<PublicPage>>();
  const pageOf = (req: FastifyRequest) => {
    let page = pages.get(req);
    if (!page) {
      page = day
        .today(req)
        .then((today) =>
          publicPage(db, today, req.query, (q, key) => orders.get(`${today} ${key}`, () => publicOrder(db, today, q), priceKeys(q))),
        );
      pages.set(req, page);
    }
    return page;
  };
  // a page's answer is about its products: a sale of one of them drops it, a sale of any other does not
  const listCache = {
    ...cache,
    rows: async (req: FastifyRequest) => {
      const page = await pageOf(req);
      return [...page.pageIds.map((id) => rowKey('product', id)), ...page.priceKeys];
    },
    personal: wishlistFlag(db, async (req) => (await pageOf(req)).pageIds),
  };
  const productId = (req: FastifyRequest) => Number((req.params as { id?: string }).id);
  const productCache = {
    ...cache,
    rows: (req: FastifyRequest) => [rowKey('product', productId(req))],
    personal: wishlistFlag(db, (req) => [productId(req)]),
  };
  return [
    implement(ctx, productEndpoints.publicList, async ({ req }) => publicProductList(db, await day.today(req), await pageOf(req)), {
      cache: listCache,
    }),
    implement(ctx, productEndpoints.publicGet, async ({ params, req }) => publicProduct(db, await day.today(req), params.id), {
      cache: productCache,
    }),
    implement(ctx, productEndpoints.list, async ({ query, req }) =>
      costShown(req, await productList(db, query as ListQuery<StaffFilters>)),
    ),
    implement(ctx, productEndpoints.get, async ({ params, req }) => costShown(req, await productDetail(db, params.id, ctx.config.clock))),
    implement(ctx, productEndpoints.create, ({ req }) => createProductRoute(ctx, req), { bodyLimit }),
    implement(ctx, productEndpoints.replace, ({ params, req }) => updateProductRoute(ctx, req, params.id), { bodyLimit }),
    implement(ctx, productEndpoints.update, ({ params, req }) => updateProductRoute(ctx, req, params.id), { bodyLimit }),
    implement(ctx, productEndpoints.setStatus, ({ params, body }) => setProductStatus(db, params.id, body.status)),
  ];
}
