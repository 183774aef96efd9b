import type { categoryTreeOut, publicBrandListOut, publicColourListOut } from './catalogue.ts';
import type { Access, Endpoint, ListSpec, Method } from './endpoint.ts';
import type { endpoints } from './endpoints.ts';
import type { publicDeliveryFeeListOut, publicPaymentMethodListOut } from './shop/cart.ts';

/**
 * The types of the contract's routes (routes-shop.ts and routes.ts hold the data): the routes of the contract's endpoints as plain data: what the web needs to call one (method, path,
 * access, and whether its query is the list query). This module loads no zod, so a page can call the API
 * without loading a schema; the types below tie every route to its endpoint, whose body, parameters and
 * answer type the typed client takes from the endpoint itself (`web/src/lib/api.ts`).
 */
export interface Route {
  method: Method;
  path: string;
  /** Who may call it (the web hides what the role may not do). */
  access: Access;
  /** The query is the list query (page, count, status ... defaults added by the client). */
  list?: true;
}

declare const endpointType: unique symbol;
/** A route of the contract, carrying the type (only the type) of its endpoint `E`. */
export type RouteOf<E extends Endpoint> = Route & { readonly [endpointType]: E };
/** The endpoint a route stands for. */
export type EndpointOf<R> = R extends RouteOf<infer E> ? E : never;

export type Registry = typeof endpoints;
type RouteFor<E> = E extends Endpoint
  ? { method: E['method']; path: E['path']; access: E['access'] } & (E extends { query: ListSpec } ? { list: true } : { list?: undefined })
  : never;
/** The table the typecheck holds to the contract: one route per endpoint, same method, path, access and kind of query. */
export type Table = { [A in keyof Registry]: { [N in keyof Registry[A]]: RouteFor<Registry[A][N]> } };

/** A plain resource's public list (`GET <path>/public`, built by the server's resource factory). */
export type PublicList<P extends string, Answer extends Endpoint['answer']> = { method: 'GET'; path: P; access: 'public'; answer: Answer };

/** Every route with its endpoint's type: `routes.<area>.<name>` and `routes.publicList.<resource>`. */
export type Routes = {
  [A in keyof Registry]: { [N in keyof Registry[A]]: Registry[A][N] extends Endpoint ? RouteOf<Registry[A][N]> : never };
} & {
  publicList: {
    productCategory: RouteOf<PublicList<'product-category/public', typeof categoryTreeOut>>;
    productBrand: RouteOf<PublicList<'product-brand/public', typeof publicBrandListOut>>;
    color: RouteOf<PublicList<'product-color/public', typeof publicColourListOut>>;
    deliveryFee: RouteOf<PublicList<'delivery-fee/public', typeof publicDeliveryFeeListOut>>;
    paymentMethod: RouteOf<PublicList<'payment-method/public', typeof publicPaymentMethodListOut>>;
  };
};
