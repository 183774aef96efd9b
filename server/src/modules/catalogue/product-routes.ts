import { maxGalleryImages, permissionName } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { idParam, type RouteDef } from '../../platform/route.ts';
import { createProductRoute } from './create-product.ts';
import { productDetail } from './product-detail.ts';
import { productListRoute } from './product-list.ts';
import { publicProductListRoute, publicProductRoute } from './product-public.ts';
import { productStatusRoute, updateProductRoute } from './update-product.ts';

const perm = (action: Parameters<typeof permissionName>[0]) => permissionName(action, 'product');

/** Products: the staff catalogue (with stock and images) and the storefront's public view. */
export function productRoutes(ctx: AppContext): RouteDef[] {
  // a form carries a thumbnail and the gallery, each within the upload limit, plus its text fields
  const bodyLimit = ctx.files.maxBytes * (maxGalleryImages + 1) + 1024 * 1024;
  return [
    { method: 'GET', url: '/product/public', access: 'public', handler: (req) => publicProductListRoute(ctx, req) },
    { method: 'GET', url: '/product/public/:id', access: 'public', handler: (req) => publicProductRoute(ctx, req) },
    { method: 'GET', url: '/product', access: perm('readAll'), handler: (req) => productListRoute(ctx, req) },
    { method: 'GET', url: '/product/:id', access: perm('readSingle'), handler: (req) => productDetail(ctx.db, idParam(req)) },
    {
      method: 'POST', url: '/product', access: perm('create'), bodyLimit,
      handler: async (req, reply) => {
        const created = await createProductRoute(ctx, req);
        reply.code(201);
        return created;
      },
    },
    { method: 'PUT', url: '/product/:id', access: perm('update'), bodyLimit, handler: (req) => updateProductRoute(ctx, req) },
    { method: 'POST', url: '/product/:id', access: perm('update'), bodyLimit, handler: (req) => updateProductRoute(ctx, req) },
    { method: 'PATCH', url: '/product/:id', access: perm('delete'), handler: (req) => productStatusRoute(ctx, req) },
  ];
}
