import type { categoryTreeOut, publicBrandListOut, publicColourListOut } from './catalogue.ts';
import type { Access, Endpoint, ListSpec, Method } from './endpoint.ts';
import type { endpoints } from './endpoints.ts';
import type { publicDeliveryFeeListOut, publicPaymentMethodListOut } from './shop/cart.ts';

/**
 * The routes of the contract's endpoints as plain data: what the web needs to call one (method, path,
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

type Registry = typeof endpoints;
type RouteFor<E> = E extends Endpoint
  ? { method: E['method']; path: E['path']; access: E['access'] } & (E extends { query: ListSpec } ? { list: true } : { list?: undefined })
  : never;
/** The table the typecheck holds to the contract: one route per endpoint, same method, path, access and kind of query. */
type Table = { [A in keyof Registry]: { [N in keyof Registry[A]]: RouteFor<Registry[A][N]> } };

/** A plain resource's public list (`GET <path>/public`, built by the server's resource factory). */
type PublicList<P extends string, Answer extends Endpoint['answer']> = { method: 'GET'; path: P; access: 'public'; answer: Answer };

const table = {
  purchaseInvoice: {
    create: { method: 'POST', path: 'purchase-invoice', access: 'create-purchaseInvoice' },
    list: { method: 'GET', path: 'purchase-invoice', access: 'readAll-purchaseInvoice', list: true },
    get: { method: 'GET', path: 'purchase-invoice/:id', access: 'readSingle-purchaseInvoice' },
    undo: { method: 'PATCH', path: 'purchase-invoice/:id', access: 'update-purchaseInvoice' },
  },
  returnPurchase: {
    create: { method: 'POST', path: 'return-purchase-invoice', access: 'create-returnPurchaseInvoice' },
    list: { method: 'GET', path: 'return-purchase-invoice', access: 'readAll-returnPurchaseInvoice', list: true },
    get: { method: 'GET', path: 'return-purchase-invoice/:id', access: 'readSingle-returnPurchaseInvoice' },
  },
  purchasePayment: {
    create: { method: 'POST', path: 'payment-purchase-invoice', access: 'create-paymentPurchaseInvoice' },
    list: { method: 'GET', path: 'payment-purchase-invoice', access: 'readAll-paymentPurchaseInvoice', list: true },
  },
  adjust: {
    create: { method: 'POST', path: 'adjust-inventory', access: 'create-adjust' },
    list: { method: 'GET', path: 'adjust-inventory', access: 'readAll-adjust', list: true },
    get: { method: 'GET', path: 'adjust-inventory/:id', access: 'readSingle-adjust' },
    reverse: { method: 'PATCH', path: 'adjust-inventory/:id', access: 'update-adjust' },
  },
  reorder: {
    list: { method: 'GET', path: 'reorder-quantity', access: 'readAll-reorderQuantity', list: true },
    createRequest: { method: 'POST', path: 'purchase-reorder-invoice', access: 'create-purchaseReorderInvoice' },
    listRequests: { method: 'GET', path: 'purchase-reorder-invoice', access: 'readAll-purchaseReorderInvoice', list: true },
    getRequest: { method: 'GET', path: 'purchase-reorder-invoice/:code', access: 'readSingle-purchaseReorderInvoice' },
    cancelRequest: { method: 'PATCH', path: 'purchase-reorder-invoice/:code', access: 'update-purchaseReorderInvoice' },
    deleteRequest: { method: 'DELETE', path: 'purchase-reorder-invoice/:code', access: 'delete-purchaseReorderInvoice' },
  },
  session: {
    login: { method: 'POST', path: 'user/login', access: 'public' },
    refresh: { method: 'GET', path: 'user/refresh-token', access: 'public' },
    logout: { method: 'POST', path: 'user/logout', access: 'staff' },
  },
  user: {
    register: { method: 'POST', path: 'user/register', access: 'create-user' },
    list: { method: 'GET', path: 'user', access: 'readAll-user', list: true },
    get: { method: 'GET', path: 'user/:id', access: 'readSingle-user' },
    update: { method: 'PUT', path: 'user/:id', access: 'update-user' },
    setStatus: { method: 'PATCH', path: 'user/:id', access: 'delete-user' },
  },
  rolePermission: {
    read: { method: 'GET', path: 'role-permission/permission', access: 'staff' },
    replace: { method: 'POST', path: 'role-permission', access: 'create-rolePermission' },
  },
  setting: {
    read: { method: 'GET', path: 'setting', access: 'public' },
    update: { method: 'POST', path: 'setting', access: 'update-setting' },
  },
  files: {
    get: { method: 'GET', path: 'uploads/:name', access: 'public' },
  },
  product: {
    publicList: { method: 'GET', path: 'product/public', access: 'public' },
    publicGet: { method: 'GET', path: 'product/public/:id', access: 'public' },
    list: { method: 'GET', path: 'product', access: 'readAll-product', list: true },
    get: { method: 'GET', path: 'product/:id', access: 'readSingle-product' },
    create: { method: 'POST', path: 'product', access: 'create-product' },
    update: { method: 'POST', path: 'product/:id', access: 'update-product' },
    replace: { method: 'PUT', path: 'product/:id', access: 'update-product' },
    setStatus: { method: 'PATCH', path: 'product/:id', access: 'delete-product' },
  },
  productCsv: {
    import: { method: 'POST', path: 'product/import', access: 'create-product' },
    export: { method: 'GET', path: 'product/export', access: 'readAll-product', list: true },
  },
  productReport: {
    list: { method: 'GET', path: 'product-reports', access: 'readAll-productReports' },
  },
  slider: {
    list: { method: 'GET', path: 'slider-images', access: 'readAll-sliderImages', list: true },
    publicList: { method: 'GET', path: 'slider-images/public', access: 'public', list: true },
    get: { method: 'GET', path: 'slider-images/:id', access: 'readSingle-sliderImages' },
    create: { method: 'POST', path: 'slider-images', access: 'create-sliderImages' },
    update: { method: 'POST', path: 'slider-images/:id', access: 'update-sliderImages' },
    replace: { method: 'PUT', path: 'slider-images/:id', access: 'update-sliderImages' },
    delete: { method: 'DELETE', path: 'slider-images/:id', access: 'delete-sliderImages' },
  },
  cart: {
    add: { method: 'POST', path: 'cart', access: 'customer' },
    ofCustomer: { method: 'GET', path: 'cart/customer/:id', access: 'customer' },
    get: { method: 'GET', path: 'cart/:id', access: 'customer' },
    change: { method: 'PUT', path: 'cart/cart-product/:id', access: 'customer' },
    empty: { method: 'PATCH', path: 'cart/:id', access: 'customer' },
  },
  order: {
    create: { method: 'POST', path: 'cart-order', access: 'customer' },
    createOrder: { method: 'POST', path: 'e-commerce/orders/create-order', access: 'customer' },
    list: { method: 'GET', path: 'cart-order', access: 'readAll-cartOrder', list: true },
    get: { method: 'GET', path: 'cart-order/:id', access: 'readSingle-cartOrder' },
    setStatus: { method: 'PATCH', path: 'cart-order/order', access: 'update-cartOrder' },
  },
  manualPayment: {
    list: { method: 'GET', path: 'manual-payment', access: 'readAll-manualPayment', list: true },
    get: { method: 'GET', path: 'manual-payment/:id', access: 'readSingle-manualPayment' },
    create: { method: 'POST', path: 'manual-payment', access: 'customer' },
    setStatus: { method: 'PATCH', path: 'manual-payment/:id', access: 'update-manualPayment' },
    verify: { method: 'PUT', path: 'manual-payment/verify/:id', access: 'update-manualPayment' },
  },
  coupon: {
    check: { method: 'GET', path: 'coupon/valid/:code', access: 'public' },
  },
  review: {
    create: { method: 'POST', path: 'review-rating', access: 'customer' },
    ofProduct: { method: 'GET', path: 'review-rating/product/:id', access: 'public', list: true },
    mine: { method: 'GET', path: 'review-rating/product/:id/mine', access: 'customer' },
    list: { method: 'GET', path: 'review-rating', access: 'readAll-reviewRating', list: true },
    get: { method: 'GET', path: 'review-rating/:id', access: 'readSingle-reviewRating' },
    reply: { method: 'POST', path: 'review-rating/reply', access: 'create-reviewReply' },
    setStatus: { method: 'PATCH', path: 'review-rating/:id', access: 'update-reviewRating' },
  },
  wishlist: {
    add: { method: 'POST', path: 'product-wishlist', access: 'customer' },
    ofCustomer: { method: 'GET', path: 'product-wishlist/customer/:id', access: 'readAll-productWishlist', list: true },
    list: { method: 'GET', path: 'product-wishlist', access: 'readAll-productWishlist', list: true },
    get: { method: 'GET', path: 'product-wishlist/:id', access: 'readSingle-productWishlist' },
    update: { method: 'PUT', path: 'product-wishlist/:id', access: 'update-productWishlist' },
    remove: { method: 'DELETE', path: 'product-wishlist/customer/:id', access: 'delete-productWishlist' },
  },
  subCategoryDetail: {
    details: { method: 'GET', path: 'e-commerce/subcategory/sub-category-details', access: 'public' },
  },
  returnOrder: {
    list: { method: 'GET', path: 'return-cart-order', access: 'readAll-returnCartOrder', list: true },
    resend: { method: 'GET', path: 'return-cart-order/resend', access: 'readAll-returnCartOrder', list: true },
    get: { method: 'GET', path: 'return-cart-order/:id', access: 'readSingle-returnCartOrder' },
    create: { method: 'POST', path: 'return-cart-order', access: 'customer' },
    setStatus: { method: 'PATCH', path: 'return-cart-order/:id', access: 'update-returnCartOrder' },
    reOrder: { method: 'POST', path: 'cart-order/reOrder', access: 'update-returnCartOrder' },
  },
  sale: {
    create: { method: 'POST', path: 'sale-invoice', access: 'create-saleInvoice' },
    list: { method: 'GET', path: 'sale-invoice', access: 'readAll-saleInvoice', list: true },
    get: { method: 'GET', path: 'sale-invoice/:id', access: 'readSingle-saleInvoice' },
    getByNumber: { method: 'GET', path: 'sale-invoice/number/:id', access: 'readSingle-saleInvoice' },
    listOfCustomer: { method: 'GET', path: 'sale-invoice/customer/:id', access: 'readAll-saleInvoice', list: true },
    listMine: { method: 'GET', path: 'sale-invoice/customer', access: 'customer', list: true },
    undo: { method: 'PATCH', path: 'sale-invoice/:id', access: 'update-saleInvoice' },
  },
  hold: {
    list: { method: 'GET', path: 'sale-invoice/hold', access: 'readAll-saleInvoice', list: true },
    get: { method: 'GET', path: 'sale-invoice/hold/:id', access: 'readSingle-saleInvoice' },
    complete: { method: 'PUT', path: 'sale-invoice/hold/:id', access: 'update-saleInvoice' },
    cancel: { method: 'PATCH', path: 'sale-invoice/order', access: 'update-saleInvoice' },
  },
  salePayment: {
    create: { method: 'POST', path: 'payment-sale-invoice', access: 'create-paymentSaleInvoice' },
    list: { method: 'GET', path: 'payment-sale-invoice', access: 'readAll-paymentSaleInvoice', list: true },
  },
  returnSale: {
    create: { method: 'POST', path: 'return-sale-invoice', access: 'create-returnSaleInvoice' },
    list: { method: 'GET', path: 'return-sale-invoice', access: 'readAll-returnSaleInvoice', list: true },
    get: { method: 'GET', path: 'return-sale-invoice/:id', access: 'readSingle-returnSaleInvoice' },
  },
  transaction: {
    create: { method: 'POST', path: 'transaction', access: 'create-transaction' },
    list: { method: 'GET', path: 'transaction', access: 'readAll-transaction', list: true },
    get: { method: 'GET', path: 'transaction/:id', access: 'readSingle-transaction' },
    delete: { method: 'DELETE', path: 'transaction/:id', access: 'delete-transaction' },
  },
  account: {
    list: { method: 'GET', path: 'account', access: 'readAll-account', list: true },
    get: { method: 'GET', path: 'account/:id', access: 'readSingle-account' },
    create: { method: 'POST', path: 'account', access: 'create-account' },
    update: { method: 'PUT', path: 'account/:id', access: 'update-account' },
    status: { method: 'PATCH', path: 'account/:id', access: 'update-account' },
    delete: { method: 'DELETE', path: 'account/:id', access: 'delete-account' },
  },
  vatReport: {
    statement: { method: 'GET', path: 'product-vat/statement', access: 'readAll-account' },
  },
  dashboard: {
    get: { method: 'GET', path: 'dashboard', access: 'readAll-dashboard' },
  },
  emailConfig: {
    list: { method: 'GET', path: 'email-config', access: 'readAll-emailConfig' },
    create: { method: 'POST', path: 'email-config', access: 'create-emailConfig' },
    update: { method: 'PUT', path: 'email-config/:id', access: 'update-emailConfig' },
    test: { method: 'POST', path: 'email-config/:id/test', access: 'update-emailConfig' },
  },
  email: {
    outbox: { method: 'GET', path: 'outbox', access: 'readAll-email', list: true },
    retry: { method: 'POST', path: 'outbox/:id/retry', access: 'update-email' },
    send: { method: 'POST', path: 'email', access: 'create-email' },
  },
  invoiceMail: {
    emailInvoice: { method: 'POST', path: 'email-invoice', access: 'create-email' },
    salePdf: { method: 'GET', path: 'sale-invoice/:id/pdf', access: 'readSingle-saleInvoice' },
  },
  googleLogin: {
    login: { method: 'POST', path: 'googlelogin/login', access: 'public' },
    config: { method: 'GET', path: 'googlelogin/config', access: 'public' },
  },
  customerSession: {
    register: { method: 'POST', path: 'customer/register', access: 'public' },
    login: { method: 'POST', path: 'customer/login', access: 'public' },
    refresh: { method: 'GET', path: 'customer/refresh-token', access: 'public' },
    logout: { method: 'POST', path: 'customer/logout', access: 'customer' },
    profile: { method: 'GET', path: 'customer/profile', access: 'customer' },
    profileById: { method: 'GET', path: 'e-commerce/profile/:id', access: 'customer' },
    updateProfile: { method: 'POST', path: 'customer/:id', access: 'customer' },
    changePassword: { method: 'PATCH', path: 'customer/reset-password/:id', access: 'customer' },
    requestForgotPassword: { method: 'POST', path: 'customer/request-forgot-password', access: 'public' },
    forgotPassword: { method: 'PATCH', path: 'customer/forgot-password', access: 'public' },
  },
} as const satisfies Table;

/** The public lists of plain resources the storefront reads (each `resources.<name>.path` + '/public', tested). */
const publicLists = {
  productCategory: { method: 'GET', path: 'product-category/public', access: 'public' },
  productBrand: { method: 'GET', path: 'product-brand/public', access: 'public' },
  color: { method: 'GET', path: 'product-color/public', access: 'public' },
  deliveryFee: { method: 'GET', path: 'delivery-fee/public', access: 'public' },
  paymentMethod: { method: 'GET', path: 'payment-method/public', access: 'public' },
} as const satisfies Record<string, Route>;

type Routes = { [A in keyof Registry]: { [N in keyof Registry[A]]: Registry[A][N] extends Endpoint ? RouteOf<Registry[A][N]> : never } } & {
  publicList: {
    productCategory: RouteOf<PublicList<'product-category/public', typeof categoryTreeOut>>;
    productBrand: RouteOf<PublicList<'product-brand/public', typeof publicBrandListOut>>;
    color: RouteOf<PublicList<'product-color/public', typeof publicColourListOut>>;
    deliveryFee: RouteOf<PublicList<'delivery-fee/public', typeof publicDeliveryFeeListOut>>;
    paymentMethod: RouteOf<PublicList<'payment-method/public', typeof publicPaymentMethodListOut>>;
  };
};

/**
 * Every route the web may call: `routes.<area>.<name>` for each endpoint of `endpoints` (same names),
 * and `routes.publicList.<resource>` (the records the resource factory serves are `records`, record-routes.ts). The cast only adds the endpoint types; `satisfies Table` above
 * checks that the data matches them.
 */
export const routes = { ...table, publicList: publicLists } as unknown as Routes;
