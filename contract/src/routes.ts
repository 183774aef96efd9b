import type { Registry, Routes, Table } from './route-types.ts';
import { type ShopArea, shopRoutes } from './routes-shop.ts';

export type { EndpointOf, Route, RouteOf } from './route-types.ts';

/** The back office's routes (the shop's are in routes-shop.ts), held to the endpoints by the typecheck. */
const staffTable = {
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
  user: {
    register: { method: 'POST', path: 'user/register', access: 'create-user' },
    list: { method: 'GET', path: 'user', access: 'readAll-user', list: true },
    get: { method: 'GET', path: 'user/:id', access: 'readSingle-user' },
    update: { method: 'PUT', path: 'user/:id', access: 'update-user' },
    setStatus: { method: 'PATCH', path: 'user/:id', access: 'delete-user' },
  },
  designationHistory: {
    create: { method: 'POST', path: 'designation-history', access: 'create-designationHistory' },
    update: { method: 'PUT', path: 'designation-history/:id', access: 'update-designationHistory' },
    delete: { method: 'DELETE', path: 'designation-history/:id', access: 'delete-designationHistory' },
  },
  salaryHistory: {
    create: { method: 'POST', path: 'salary-history', access: 'create-salaryHistory' },
    update: { method: 'PUT', path: 'salary-history/:id', access: 'update-salaryHistory' },
    delete: { method: 'DELETE', path: 'salary-history/:id', access: 'delete-salaryHistory' },
  },
  productCsv: {
    import: { method: 'POST', path: 'product/import', access: 'create-product' },
    export: { method: 'GET', path: 'product/export', access: 'readAll-product', list: true },
  },
  productReport: {
    list: { method: 'GET', path: 'product-reports', access: 'readAll-productReports' },
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
  lead: {
    list: { method: 'GET', path: 'api/leads', access: 'readAll-lead', list: true },
    get: { method: 'GET', path: 'api/leads/:id', access: 'readSingle-lead' },
    create: { method: 'POST', path: 'api/leads', access: 'create-lead' },
    update: { method: 'PUT', path: 'api/leads/:id', access: 'update-lead' },
    setStatus: { method: 'PATCH', path: 'api/leads/:id', access: 'delete-lead' },
    convert: { method: 'POST', path: 'api/leads/:id/convert', access: 'update-lead' },
  },
  appointment: {
    create: { method: 'POST', path: 'api/leads/appointmentadd', access: 'create-appointment' },
    update: { method: 'PATCH', path: 'api/leads/appointmentupdate/:id', access: 'update-appointment' },
    delete: { method: 'DELETE', path: 'api/leads/deleteappointment/:id', access: 'delete-appointment' },
    get: { method: 'GET', path: 'api/appointments/:id', access: 'readSingle-appointment' },
    put: { method: 'PUT', path: 'api/appointments/:id', access: 'update-appointment' },
    list: { method: 'GET', path: 'api/appointments', access: 'readAll-appointment' },
    staff: { method: 'GET', path: 'api/appointments/staff', access: 'readAll-appointment' },
  },
  tillSession: {
    open: { method: 'POST', path: 'till-session', access: 'create-tillSession' },
    list: { method: 'GET', path: 'till-session', access: 'readAll-tillSession' },
    get: { method: 'GET', path: 'till-session/:id', access: 'readSingle-tillSession' },
    cash: { method: 'POST', path: 'till-session/:id/cash', access: 'create-tillCash' },
    noSale: { method: 'POST', path: 'till-session/:id/no-sale', access: 'create-tillSession' },
    void: { method: 'POST', path: 'till-session/:id/void', access: 'create-saleInvoice' },
    xReport: { method: 'GET', path: 'till-session/:id/x-report', access: 'readSingle-tillSession' },
    zReport: { method: 'GET', path: 'till-session/:id/z-report', access: 'readSingle-tillSession' },
    close: { method: 'POST', path: 'till-session/:id/close', access: 'create-tillSession' },
  },
  tillCatalogue: {
    get: { method: 'GET', path: 'till/catalogue', access: 'create-saleInvoice' },
    stock: { method: 'GET', path: 'till/stock', access: 'create-saleInvoice' },
    customers: { method: 'GET', path: 'till/customers', access: 'create-saleInvoice' },
  },
  auditLog: {
    list: { method: 'GET', path: 'audit-log', access: 'readAll-auditLog' },
    history: { method: 'GET', path: 'audit-log/:entity/:id', access: 'readAll-auditLog' },
    verify: { method: 'GET', path: 'audit-log/verify', access: 'readAll-auditLog' },
  },
  productVariant: {
    matrix: { method: 'POST', path: 'product-variant/matrix', access: 'update-product' },
    shareOut: { method: 'POST', path: 'product-variant/share-out', access: 'create-adjust' },
  },
} as const satisfies Omit<Table, ShopArea>;

/** Every area of the endpoints has its routes in one of the two tables (a new area fails the typecheck until it is placed). */
type Unplaced = Exclude<keyof Registry, ShopArea | keyof typeof staffTable>;
const allPlaced: [Unplaced] extends [never] ? true : Unplaced = true;

const everyRoute = (placed: true) => (placed ? ({ ...shopRoutes, ...staffTable } as unknown as Routes) : (undefined as never));

/**
 * Every route the web may call: `routes.<area>.<name>` for each endpoint of `endpoints` (same names),
 * and `routes.publicList.<resource>` (the records the resource factory serves are `records`,
 * record-routes.ts). The storefront imports `shopRoutes` instead, so its first load leaves this table out.
 */
export const routes: Routes = /* @__PURE__ */ everyRoute(allPlaced);
