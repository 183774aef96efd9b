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
/** A staff member or a shopper signed in (the one kind of row that expires: see the server's audit-retention.ts). */
export const signInAction = 'signIn';
export type AuditAction = (typeof auditActions)[number];

/**
 * The till's events (issue 34), kept in the same log with the cashier and the session: a line voided before the
 * sale was completed, a price typed over the product's, a discount above the shop's alert threshold, a return
 * without its invoice, the drawer opened without a sale.
 */
export const tillEvents = ['void', 'priceOverride', 'largeDiscount', 'returnWithoutInvoice', 'noSale'] as const;
export type TillEvent = (typeof tillEvents)[number];

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

/**
 * The series of the sales journal (issue 34): each posted document is sealed with SHA-256 over its content and the
 * hash of the document before it in its series.
 */
export const sealedSeries = ['sale', 'saleReturn', 'customerPayment', 'order'] as const;
export type SealedSeries = (typeof sealedSeries)[number];

export const sealedSeriesLabels: Record<SealedSeries, string> = {
  sale: 'Sale invoices',
  saleReturn: 'Sale returns',
  customerPayment: 'Customer payments',
  order: 'Web orders',
};

/** Why a document no longer matches its seal. */
export const sealBreaks = ['changed', 'unsealed', 'sealMissing', 'chainBroken'] as const;

export const journalChainOut = z.object({
  series: z.enum(sealedSeries),
  /** The documents sealed in the series. */
  documents: out.int,
  /** The first document that no longer matches; absent when the whole chain holds. */
  firstBroken: z
    .object({
      /** Its place in the series: the invoice or return number, the order's or payment's place in its chain. */
      position: out.int,
      /** The sale's, return's or order's id; a customer payment's ledger row. */
      documentId: out.id,
      reason: z.enum(sealBreaks),
      message: out.text,
    })
    .optional(),
});
export const journalVerificationOut = z.object({ ok: z.boolean(), chains: z.array(journalChainOut) });
export type JournalVerification = z.infer<typeof journalVerificationOut>;

export const auditLogEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'audit-log',
    access: 'readAll-auditLog',
    query: auditLogQuery,
    answer: z.object({ getAllAuditLog: z.array(auditLogOut), totalAuditLog: out.int }),
  }),
  /** The sales journal's chains walked from their first document: each names the first one that no longer matches. */
  verify: endpoint({
    method: 'GET',
    path: 'audit-log/verify',
    access: 'readAll-auditLog',
    answer: journalVerificationOut,
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
