import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint } from '../endpoint.ts';
import { id } from '../fields.ts';
import { baseListQuery } from '../list-query.ts';

/**
 * The audit log (issue 34): one row for every create, update, status change and delete of a record, written by
 * the database in the same transaction as the change, never changed afterwards.
 */
export const auditActions = ['create', 'update', 'status', 'delete'] as const;
export type AuditAction = (typeof auditActions)[number];

/** The records the log follows, by the API's names (the server's triggers are on their tables). */
export const auditedEntities = [
  'user',
  'role',
  'setting',
  'emailConfig',
  'pageSize',
  'currency',
  'termsAndCondition',
  'paymentMethod',
  'deliveryFee',
  'courierMedium',
  'coupon',
  'department',
  'designation',
  'employmentStatus',
  'shift',
  'award',
  'awardHistory',
  'education',
  'designationHistory',
  'salaryHistory',
  'customer',
  'supplier',
  'lead',
  'leadSource',
  'appointment',
  'product',
  'productVariant',
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
  'saleInvoice',
  'returnSaleInvoice',
  'purchaseInvoice',
  'returnPurchaseInvoice',
  'adjust',
  'purchaseReorderInvoice',
  'cartOrder',
  'returnCartOrder',
  'manualPayment',
  'till',
  'tillSession',
] as const;

/** Who made a change: a staff member, a shopper, or the system (a job, a seed, a change without a caller). */
export const auditActorTypes = ['user', 'customer', 'system'] as const;

const name = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,59}$/, 'must be a name such as product or saleInvoice');

export const auditLogQuery = baseListQuery.pick({ page: true, count: true, startDate: true, endDate: true }).extend({
  entity: name.optional(),
  entityId: z.string().trim().max(40).optional(),
  userId: id.optional(),
  /** create, update, status, delete, or a till event's name. */
  action: name.optional(),
  /** Only the changes of this field (the entity's own name for it, e.g. productSalePrice). */
  field: name.optional(),
});
export type AuditLogQuery = z.output<typeof auditLogQuery>;

export const auditChangeOut = z.object({ field: out.text, old: z.unknown(), new: z.unknown() });

export const auditLogOut = z.object({
  id: out.id,
  entity: out.text,
  entityId: out.text,
  action: out.text,
  actorType: z.enum(auditActorTypes),
  actorId: out.optionalId,
  actorName: out.optionalText,
  at: out.timestamp,
  requestId: out.optionalText,
  changes: z.array(auditChangeOut),
});
export type AuditLogRow = z.infer<typeof auditLogOut>;

export const auditLogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'audit-log',
    access: 'readAll-auditLog',
    query: auditLogQuery,
    answer: z.object({ getAllAuditLog: z.array(auditLogOut), totalAuditLog: out.int }),
  }),
  /** One record's history, newest first. */
  history: endpoint({
    method: 'GET',
    path: 'audit-log/:entity/:id',
    access: 'readAll-auditLog',
    query: baseListQuery.pick({ page: true, count: true }),
    answer: z.object({ getAllAuditLog: z.array(auditLogOut), totalAuditLog: out.int }),
  }),
};
