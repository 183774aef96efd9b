import { permissionName, type ResourceKey, resources } from '@tillbook/contract';
import type { ResourceScreen } from '../../ui/resource/ResourceListPage.tsx';
import type { AdminScreen, NavGroup } from '../screens.ts';

type Definitions = () => Promise<Partial<Record<ResourceKey, ResourceScreen>>>;
const staff: Definitions = async () => (await import('./staff-screens.ts')).staffScreens;
const catalogue: Definitions = async () => (await import('./catalogue-screens.ts')).catalogueScreens;
const shop: Definitions = async () => (await import('./shop-screens.ts')).shopScreens;
const buy: Definitions = async () => (await import('./buy-screens.ts')).buyScreens;
const crm: Definitions = async () => (await import('./crm-screens.ts')).crmScreens;
const settings: Definitions = async () => (await import('./settings-screens.ts')).settingsScreens;

/** A plain resource's screen under /admin/<path>, opened by readAll on its entity. */
function plain(key: ResourceKey, path: string, label: string, group: NavGroup, definitions: Definitions): AdminScreen {
  return {
    path,
    label,
    group,
    permission: permissionName('readAll', resources[key].entity),
    load: async () => {
      const [screens, { pageFor }] = await Promise.all([definitions(), import('./ResourceScreenPage.tsx')]);
      const screen = screens[key];
      if (!screen) throw new Error(`no screen definition for ${key}`);
      return { default: pageFor(screen) };
    },
  };
}

/** Plain lists: each is a screen definition handed to the generic list page. Menu order is this order. */
export const resourceScreens: AdminScreen[] = [
  plain('supplier', 'supplier', 'Suppliers', 'Buy', buy),

  plain('leadSource', 'lead-source', 'Lead sources', 'Appointments', crm),

  plain('department', 'department', 'Departments', 'Staff', staff),
  plain('designation', 'designation', 'Designations', 'Staff', staff),
  plain('designationHistory', 'designation-history', 'Designation history', 'Staff', staff),
  plain('employmentStatus', 'employment-status', 'Employment statuses', 'Staff', staff),
  plain('shift', 'shift', 'Shifts', 'Staff', staff),
  plain('award', 'award', 'Awards', 'Staff', staff),
  plain('awardHistory', 'award-history', 'Award history', 'Staff', staff),
  plain('education', 'education', 'Education', 'Staff', staff),
  plain('salaryHistory', 'salary-history', 'Salary history', 'Staff', staff),

  plain('color', 'colour', 'Colours', 'Stock', catalogue),
  plain('productCategory', 'category', 'Categories', 'Stock', catalogue),
  plain('productSubCategory', 'sub-category', 'Sub-categories', 'Stock', catalogue),
  plain('productBrand', 'brand', 'Brands', 'Stock', catalogue),
  plain('uom', 'unit', 'Units', 'Stock', catalogue),
  plain('vat', 'vat', 'VAT types', 'Stock', catalogue),
  plain('productAttribute', 'attribute', 'Attributes', 'Stock', catalogue),
  plain('productAttributeValue', 'attribute-value', 'Attribute values', 'Stock', catalogue),

  plain('coupon', 'coupon', 'Coupons', 'Online shop', shop),
  plain('deliveryFee', 'delivery-fee', 'Delivery fees', 'Online shop', shop),
  plain('courierMedium', 'courier-medium', 'Courier mediums', 'Online shop', shop),
  plain('paymentMethod', 'payment-method', 'Payment methods', 'Online shop', shop),

  plain('till', 'till', 'Tills', 'Settings', settings),
  plain('currency', 'currency', 'Currencies', 'Settings', settings),
  plain('pageSize', 'page-size', 'Page sizes', 'Settings', settings),
  plain('termsAndCondition', 'terms-and-conditions', 'Terms and conditions', 'Settings', settings),
];
