import { maxId, money, optionalId } from './fields.ts';
import { catalogueResources } from './resources/catalogue.ts';
import type { ResourceContract } from './resources/contract.ts';
import { peopleResources } from './resources/people.ts';
import { tradeResources } from './resources/trade.ts';

export * from './resources/contract.ts';

/**
 * Every plain resource by name (one contract each, in resources/<area>.ts: catalogue, people, trade), in the
 * order the screens and sweeps list them.
 */
export const resources = {
  color: catalogueResources.color,
  department: peopleResources.department,
  designation: peopleResources.designation,
  designationHistory: peopleResources.designationHistory,
  currency: tradeResources.currency,
  courierMedium: tradeResources.courierMedium,
  supplier: tradeResources.supplier,
  uom: catalogueResources.uom,
  vat: catalogueResources.vat,
  employmentStatus: peopleResources.employmentStatus,
  shift: peopleResources.shift,
  pageSize: tradeResources.pageSize,
  termsAndCondition: tradeResources.termsAndCondition,
  paymentMethod: tradeResources.paymentMethod,
  award: peopleResources.award,
  awardHistory: peopleResources.awardHistory,
  education: peopleResources.education,
  salaryHistory: peopleResources.salaryHistory,
  deliveryFee: tradeResources.deliveryFee,
  productCategory: catalogueResources.productCategory,
  productSubCategory: catalogueResources.productSubCategory,
  productBrand: catalogueResources.productBrand,
  productAttribute: catalogueResources.productAttribute,
  productAttributeValue: catalogueResources.productAttributeValue,
  coupon: tradeResources.coupon,
  till: tradeResources.till,
  leadSource: peopleResources.leadSource,
} satisfies Record<string, ResourceContract>;

export type ResourceKey = keyof typeof resources;
export { maxId, money, optionalId };
