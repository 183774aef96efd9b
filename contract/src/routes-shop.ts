import type { Route, Routes, Table } from './route-types.ts';

/** The areas the storefront (and the shell every page loads: settings, session refresh, grants) calls. */
export type ShopArea = (typeof shopAreas)[number];
const shopAreas = [
  'session',
  'rolePermission',
  'setting',
  'files',
  'product',
  'slider',
  'cart',
  'order',
  'manualPayment',
  'coupon',
  'review',
  'wishlist',
  'subCategoryDetail',
  'returnOrder',
  'googleLogin',
  'customerSession',
] as const;

/**
 * The shop's routes: the storefront's first load carries these and not the back office's (routes.ts
 * holds the rest and the whole table). Held to the endpoints by the typecheck like every route.
 */
export const shopTable = {
  session: {
    login: { method: 'POST', path: 'user/login', access: 'public' },
    refresh: { method: 'GET', path: 'user/refresh-token', access: 'public' },
    logout: { method: 'POST', path: 'user/logout', access: 'staff' },
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
    quote: { method: 'POST', path: 'cart-order/quote', access: 'customer' },
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
} as const satisfies Pick<Table, ShopArea>;

/** The public lists of plain resources the storefront reads (each `resources.<name>.path` + '/public', tested). */
const publicLists = {
  productCategory: { method: 'GET', path: 'product-category/public', access: 'public' },
  productBrand: { method: 'GET', path: 'product-brand/public', access: 'public' },
  color: { method: 'GET', path: 'product-color/public', access: 'public' },
  deliveryFee: { method: 'GET', path: 'delivery-fee/public', access: 'public' },
  paymentMethod: { method: 'GET', path: 'payment-method/public', access: 'public' },
} as const satisfies Record<string, Route>;

/** The storefront's routes: `shopRoutes.<area>.<name>` (the same objects as `routes.<area>.<name>`). */
export const shopRoutes = { ...shopTable, publicList: publicLists } as unknown as Pick<Routes, ShopArea | 'publicList'>;
