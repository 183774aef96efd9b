import {
  type Action,
  actions,
  allPermissionNames,
  costPermission,
  type Entity,
  type PermissionName,
  permissionName,
  type RoleName,
} from './permissions.ts';

const every = (...entities: Entity[]): PermissionName[] => entities.flatMap((e) => actions.map((a) => permissionName(a, e)));
const only = (acts: readonly Action[], ...entities: Entity[]): PermissionName[] =>
  entities.flatMap((e) => acts.map((a) => permissionName(a, e)));
const read = ['readAll', 'readSingle'] as const;
const write = ['create', 'readAll', 'readSingle'] as const;

/** The records a role manages as a whole: who works here and what they may do. */
const people: Entity[] = ['user', 'role', 'permission', 'rolePermission'];

/** Selling at the till: sales (held ones are completed and cancelled by update), returns, customer payments, receipts (printed, not mailed). */
const till: PermissionName[] = [
  ...only([...write, 'update'], 'saleInvoice'),
  ...only(write, 'returnSaleInvoice', 'paymentSaleInvoice', 'customer'),
  ...only(read, 'product'),
  'readAll-paymentMethod',
  'readAll-pageSize',
  // the till's day: choose the device's till, open and close its session, pay in and out, print the X report
  ...only(read, 'till'),
  'create-tillSession',
  'readSingle-tillSession',
  'create-tillCash',
];

/** The appointment book and the leads it serves: booking, moving and marking appointments, keeping leads and their sources. */
const bookings: PermissionName[] = [...only([...write, 'update'], 'appointment', 'lead'), ...only(read, 'leadSource')];

/** The stock room: the catalogue, counts, reorders and goods in and out with suppliers, at cost. */
const stockRoom: PermissionName[] = [
  ...every('product', 'productCategory', 'productSubCategory', 'productBrand', 'color', 'uom', 'productAttribute', 'productAttributeValue'),
  ...every('adjust', 'reorderQuantity', 'purchaseReorderInvoice'),
  ...only([...write, 'update'], 'supplier'),
  ...only(write, 'purchaseInvoice', 'returnPurchaseInvoice'),
  ...only(read, 'vat', 'productReports'),
  'readAll-paymentMethod',
  costPermission,
];

/** The books: accounts, entries, payments both ways (web orders' transfers verified), the statements and every document they come from. */
const books: PermissionName[] = [
  ...every('account', 'transaction', 'paymentMethod', 'vat', 'currency'),
  ...only(write, 'paymentSaleInvoice', 'paymentPurchaseInvoice'),
  ...only([...read, 'update'], 'manualPayment'),
  ...only(read, 'cartOrder'),
  ...only([...read, 'update'], 'returnCartOrder'),
  ...only(read, 'saleInvoice', 'returnSaleInvoice', 'purchaseInvoice', 'returnPurchaseInvoice', 'customer', 'supplier', 'product'),
  ...only(read, 'till', 'tillSession'),
  'readAll-expectedCash',
  'readAll-dashboard',
  'readAll-productReports',
  'create-email',
  costPermission,
];

/** Online orders on their way: the orders and returns, the customer to deliver to, couriers and fees. */
const delivery: PermissionName[] = [
  ...only([...read, 'update'], 'cartOrder', 'returnCartOrder'),
  'readSingle-customer',
  'readAll-courierMedium',
  'readAll-deliveryFee',
];

/**
 * The grants each staff role starts with (the reference's roles start with none, so a new cashier could
 * not sell). The admin runs the shop but cannot switch permissions (the catalogue is fixed); the manager
 * runs the day (everything but staff accounts, roles and the shop's settings); the cashier sells (the
 * reference's salesman); the stock clerk keeps the stock room; the accountant keeps the books.
 * Seeding grants them to a preset role once, and only when it holds no grants yet.
 */
export const rolePresets: Partial<Record<RoleName, readonly PermissionName[]>> = {
  admin: allPermissionNames.filter((name) => !name.endsWith('-permission') || name.startsWith('read')),
  manager: allPermissionNames.filter((name) => {
    const entity = name.slice(name.indexOf('-') + 1) as Entity;
    if (people.includes(entity) || entity === 'setting' || entity === 'emailConfig') return name.startsWith('read') && entity === 'user';
    return true;
  }),
  cashier: [...till, ...bookings],
  'stock-clerk': stockRoom,
  accountant: books,
  'delivery-boy': delivery,
};

/** The reference's name of the cashier's role: a shop seeded before the presets has it, and it becomes the cashier. */
export const formerCashierName = 'salesman';
