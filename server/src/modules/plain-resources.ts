import { type ResourceKey, resources, sellerPermission } from '@tillbook/contract';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../platform/context.ts';
import { fieldError } from '../platform/errors.ts';
import { defineResource, type ResourceDefinition } from '../platform/resource-factory.ts';
import type { RouteDef } from '../platform/route.ts';
import * as s from '../schema/index.ts';
import { paymentMethodExtras } from './accounting/index.ts';
import { categoryModes, productsTouchedBy, subCategoryModes } from './catalogue/index.ts';
import { shiftExtras } from './identity/index.ts';
import { supplierExtras } from './purchasing/index.ts';
import { checkoutPaymentMethods, courierWithOrders } from './shop/index.ts';
import { tillExtras } from './till/index.ts';

/** Each plain resource's table. The contract (in contract/) says everything else. */
const tables: Record<ResourceKey, PgTable> = {
  color: s.colors,
  department: s.department,
  designation: s.designation,
  designationHistory: s.designationHistory,
  currency: s.currency,
  courierMedium: s.courierMedium,
  uom: s.uom,
  vat: s.productVat,
  employmentStatus: s.employmentStatus,
  shift: s.shift,
  pageSize: s.pageSize,
  termsAndCondition: s.termsAndCondition,
  paymentMethod: s.paymentMethod,
  award: s.award,
  awardHistory: s.awardHistory,
  education: s.education,
  salaryHistory: s.salaryHistory,
  deliveryFee: s.deliveryFee,
  productCategory: s.productCategory,
  productSubCategory: s.productSubCategory,
  productBrand: s.productBrand,
  productAttribute: s.productAttribute,
  productAttributeValue: s.productAttributeValue,
  supplier: s.supplier,
  coupon: s.coupon,
  leadSource: s.leadSource,
  till: s.till,
};

/** The till's payment methods and receipt sizes are read by anyone who may sell, not only by who may manage them. */
const forSellers: Partial<ResourceDefinition> = { alsoListedFor: { permissions: [sellerPermission] } };

/** What a few resources add to the factory's routes. */
const extras = (ctx: AppContext): Partial<Record<ResourceKey, Partial<ResourceDefinition>>> => ({
  productCategory: categoryModes(ctx),
  productSubCategory: subCategoryModes(ctx),
  supplier: supplierExtras(ctx),
  paymentMethod: { ...paymentMethodExtras, ...forSellers, ...checkoutPaymentMethods(ctx.db) },
  courierMedium: courierWithOrders(ctx.db),
  // their writes close and open rows as a person's designation or salary changes (identity/staff-history.ts)
  designationHistory: { omit: ['create', 'update', 'delete'] },
  salaryHistory: { omit: ['create', 'update', 'delete'] },
  pageSize: forSellers,
  shift: shiftExtras,
  till: tillExtras,
  // whoever keeps leads picks their source
  leadSource: { alsoListedFor: { permissions: ['readAll-lead'] } },
  // a VAT rate's new percentage reprices its products in the tills' copies
  vat: { beforeChange: (tx, current) => productsTouchedBy(tx, 'product_vat_id', Number(current.id)) },
  coupon: {
    validate: (values) => {
      if (values.type === 'percentage' && Number(values.value) > 100) throw fieldError('value', 'must be at most 100 for a percentage');
    },
  },
});

export function plainResourceRoutes(ctx: AppContext): RouteDef[] {
  const extra = extras(ctx);
  return (Object.keys(resources) as ResourceKey[]).flatMap(
    (key) => defineResource(ctx, { contract: resources[key], table: tables[key], ...extra[key] }).routes,
  );
}
