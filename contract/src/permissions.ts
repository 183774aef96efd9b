/**
 * The permission catalogue: every entity the product has, times five actions.
 * Names are `<action>-<entity>`; the server seeds them and every route declares one.
 */
export const actions = ['create', 'readAll', 'readSingle', 'update', 'delete'] as const;
export type Action = (typeof actions)[number];

export const entities = [
  // identity and settings
  'user',
  'role',
  'permission',
  'rolePermission',
  'setting',
  'emailConfig',
  'email',
  'currency',
  'pageSize',
  'termsAndCondition',
  'dashboard',
  // who changed what (issue 34): only readAll is used
  'auditLog',
  // staff records
  'department',
  'designation',
  'designationHistory',
  'employmentStatus',
  'shift',
  'award',
  'awardHistory',
  'education',
  'salaryHistory',
  // parties
  'customer',
  'supplier',
  'courierMedium',
  // catalogue
  'product',
  'productCategory',
  'productSubCategory',
  'productBrand',
  'color',
  'uom',
  'vat',
  'productAttribute',
  'productAttributeValue',
  'discount',
  'sliderImages',
  'productReports',
  // stock room and purchasing
  'adjust',
  'reorderQuantity',
  'purchaseReorderInvoice',
  'purchaseInvoice',
  'returnPurchaseInvoice',
  'paymentPurchaseInvoice',
  // till
  'saleInvoice',
  'returnSaleInvoice',
  'paymentSaleInvoice',
  // the till's day (issue 31): tills, their sessions, cash paid in and out; who sees the expected cash before counting (only readAll is used)
  'till',
  'tillSession',
  'tillCash',
  'expectedCash',
  // issue 34: typing a price over the product's at the till (only create is used)
  'priceOverride',
  // books
  'account',
  'transaction',
  'paymentMethod',
  // online shop
  'cart',
  'cartOrder',
  'returnCartOrder',
  'manualPayment',
  'deliveryFee',
  'coupon',
  'productWishlist',
  'reviewRating',
  'reviewReply',
  // crm
  'lead',
  'leadSource',
  'appointment',
  // what the goods cost the shop, and the profit and margin over it (only readAll is used)
  'costAndProfit',
] as const;
export type Entity = (typeof entities)[number];

export type PermissionName = `${Action}-${Entity}`;

export const permissionName = (action: Action, entity: Entity): PermissionName => `${action}-${entity}`;

export const allPermissionNames: PermissionName[] = entities.flatMap((entity) => actions.map((action) => permissionName(action, entity)));

/** The roles every shop starts with; `rolePresets` (role-presets.ts) gives the staff ones their work's grants. */
export const roleNames = ['super-admin', 'admin', 'manager', 'cashier', 'stock-clerk', 'accountant', 'delivery-boy', 'customer'] as const;
export type RoleName = (typeof roleNames)[number];

/** Who may sell at the till: they may also read what the till needs (payment methods, page sizes, the walk-in customer). */
export const sellerPermission: PermissionName = 'create-saleInvoice';

/** Cost, profit and margin figures are shown, and sent, only to a role holding this. */
export const costPermission: PermissionName = 'readAll-costAndProfit';

/**
 * What the customer role is granted: only what the storefront needs for the customer's own records.
 * Ownership is enforced by the routes themselves (the owner comes from the token).
 */
export const customerGrants: PermissionName[] = [
  'readSingle-customer',
  'update-customer',
  'create-cart',
  'readSingle-cart',
  'update-cart',
  'delete-cart',
  'create-cartOrder',
  'readAll-cartOrder',
  'readSingle-cartOrder',
  'create-returnCartOrder',
  'readAll-returnCartOrder',
  'readSingle-returnCartOrder',
  'create-productWishlist',
  'readAll-productWishlist',
  'readSingle-productWishlist',
  'update-productWishlist',
  'delete-productWishlist',
  'create-reviewRating',
  'readAll-paymentMethod',
  'readAll-deliveryFee',
];

/** Permission entities shown together in the admin's role matrix. */
export function groupPermissions(names: string[]): Map<string, Set<Action>> {
  const byEntity = new Map<string, Set<Action>>();
  for (const name of names) {
    const dash = name.indexOf('-');
    const action = name.slice(0, dash) as Action;
    const entity = name.slice(dash + 1);
    if (!byEntity.has(entity)) byEntity.set(entity, new Set());
    byEntity.get(entity)!.add(action);
  }
  return byEntity;
}
