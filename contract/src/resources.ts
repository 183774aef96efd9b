import { z } from 'zod';
import {
  dateOnly,
  hexColour,
  id,
  maxId,
  money,
  numberField,
  optionalDate,
  optionalEmail,
  optionalId,
  optionalLines,
  optionalText,
  percentage,
  requiredLines,
  requiredText,
  timeOfDay,
} from './fields.ts';
import type { FieldLabels } from './labels.ts';
import type { Entity } from './permissions.ts';
import { couponInput } from './shop/coupon.ts';

/** How a courier medium delivers. */
export const courierTypes = ['courier', 'deliveryBoy'] as const;
/** The unit a page size is measured in. */
export const pageSizeUnits = ['inches', 'mm', 'cm'] as const;

const length = numberField((n) => n.positive('must be above 0').max(10_000, 'must be at most 10000'));

/**
 * The plain resources: records with a name and a status. One contract per resource, used by the
 * server's resource factory (routes, validation, list keys) and by the web's generic screens.
 */
export interface ResourceContract<S extends z.ZodObject = z.ZodObject> {
  /** Path under the API base, e.g. 'product-color'. */
  path: string;
  /** Permission entity: routes need `<action>-<entity>`. */
  entity: Entity;
  /** List keys: getAll<listName> and total<listName> (or totalKey). */
  listName: string;
  totalKey?: string;
  /** What a person calls one record. */
  label: string;
  input: S;
  /** Field labels where this resource's screen differs from the shared ones (`fieldLabels`); messages use them. */
  labels?: FieldLabels;
  /** Soft: PATCH {status}. Hard: DELETE {id}. */
  deletion: 'soft' | 'hard';
  /** Also answers GET <path>/public without a token (active rows). */
  publicList?: boolean;
  /** POST <path>?query=createmany takes an array. */
  createMany?: boolean;
  /** POST <path>/{id} updates, as PUT does. */
  postUpdate?: boolean;
  /** Columns that must be unique among rows (409 naming the field); a list is unique together and names its last field. */
  unique?: (string | readonly string[])[];
  /** Date pairs [start, end]: the end, when given, must not be before the start (400 naming the end). */
  periods?: readonly (readonly [string, string])[];
  /** Columns searched by query=search&key=. */
  search: string[];
  /** Columns the list may be sorted by. */
  sortable: string[];
  /** The column shown as the record's name. */
  titleField: string;
}

const define = <S extends z.ZodObject>(c: ResourceContract<S>) => c;

export const resources = {
  color: define({
    path: 'product-color',
    entity: 'color',
    listName: 'ProductColor',
    label: 'Colour',
    input: z.object({ name: requiredText(60), colorCode: hexColour }),
    deletion: 'soft',
    publicList: true,
    createMany: true,
    unique: ['name'],
    search: ['name', 'colorCode'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  department: define({
    path: 'department',
    entity: 'department',
    listName: 'Department',
    label: 'Department',
    input: z.object({ name: requiredText(80) }),
    deletion: 'soft',
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  designation: define({
    path: 'designation',
    entity: 'designation',
    listName: 'Designation',
    label: 'Designation',
    input: z.object({ name: requiredText(80) }),
    deletion: 'soft',
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  designationHistory: define({
    path: 'designation-history',
    entity: 'designationHistory',
    listName: 'DesignationHistory',
    label: 'Designation history',
    input: z.object({ userId: id, designationId: id, startDate: dateOnly, endDate: optionalDate, comment: optionalLines(500) }),
    deletion: 'hard',
    periods: [['startDate', 'endDate']],
    search: ['comment'],
    sortable: ['startDate', 'createdAt'],
    titleField: 'startDate',
  }),
  currency: define({
    path: 'currency',
    entity: 'currency',
    listName: 'Currency',
    label: 'Currency',
    labels: { currencyName: 'Name', currencySymbol: 'Symbol' },
    input: z.object({ currencyName: requiredText(40), currencySymbol: requiredText(10) }),
    deletion: 'soft',
    unique: ['currencyName'],
    search: ['currencyName', 'currencySymbol'],
    sortable: ['currencyName', 'createdAt'],
    titleField: 'currencyName',
  }),
  courierMedium: define({
    path: 'courier-medium',
    entity: 'courierMedium',
    listName: 'CourierMedium',
    label: 'Courier medium',
    labels: { courierMediumName: 'Name', email: 'E-mail', subAccountId: 'Ledger account' },
    input: z.object({
      courierMediumName: requiredText(80),
      address: requiredLines(300),
      phone: requiredText(40),
      email: optionalEmail,
      type: z.enum(courierTypes, { error: "must be 'courier' or 'deliveryBoy'" }),
      subAccountId: optionalId,
    }),
    deletion: 'soft',
    unique: ['courierMediumName', 'phone', 'email'],
    search: ['courierMediumName', 'phone', 'email'],
    sortable: ['courierMediumName', 'createdAt'],
    titleField: 'courierMediumName',
  }),
  supplier: define({
    path: 'supplier',
    entity: 'supplier',
    listName: 'Supplier',
    label: 'Supplier',
    labels: { email: 'E-mail' },
    input: z.object({ name: requiredText(120), phone: requiredText(40), address: optionalLines(300), email: optionalEmail }),
    deletion: 'soft',
    unique: ['phone', 'email'],
    search: ['name', 'phone', 'email', 'address'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  uom: define({
    path: 'uom',
    entity: 'uom',
    listName: 'UoM',
    label: 'Unit',
    input: z.object({ name: requiredText(30) }),
    deletion: 'soft',
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  vat: define({
    path: 'product-vat',
    entity: 'vat',
    listName: 'ProductVat',
    label: 'VAT/tax type',
    input: z.object({ title: requiredText(60), percentage }),
    deletion: 'soft',
    unique: ['title'],
    search: ['title'],
    sortable: ['title', 'percentage', 'createdAt'],
    titleField: 'title',
  }),
  employmentStatus: define({
    path: 'employment-status',
    entity: 'employmentStatus',
    listName: 'EmploymentStatus',
    label: 'Employment status',
    input: z.object({ name: requiredText(60), colourValue: hexColour, description: optionalLines(500) }),
    deletion: 'soft',
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  shift: define({
    path: 'shift',
    entity: 'shift',
    listName: 'Shift',
    label: 'Shift',
    // workHour is worked out by the server from the times (a night shift crossing midnight included)
    input: z.object({ name: requiredText(60), startTime: timeOfDay, endTime: timeOfDay }),
    deletion: 'soft',
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  pageSize: define({
    path: 'page-size',
    entity: 'pageSize',
    listName: 'PageSize',
    totalKey: 'totalPageSizeCount',
    label: 'Page size',
    labels: { pageSizeName: 'Name' },
    input: z.object({
      pageSizeName: requiredText(60),
      width: length,
      height: length,
      unit: z.enum(pageSizeUnits, { error: "must be 'inches', 'mm' or 'cm'" }).default('inches'),
    }),
    deletion: 'soft',
    unique: ['pageSizeName'],
    search: ['pageSizeName'],
    sortable: ['pageSizeName', 'createdAt'],
    titleField: 'pageSizeName',
  }),
  termsAndCondition: define({
    path: 'terms-and-condition',
    entity: 'termsAndCondition',
    listName: 'TermsAndCondition',
    label: 'Terms and conditions',
    labels: { subject: 'Text' },
    input: z.object({ title: requiredText(120), subject: requiredLines(20000) }),
    deletion: 'soft',
    unique: ['title'],
    search: ['title'],
    sortable: ['title', 'createdAt'],
    titleField: 'title',
  }),
  paymentMethod: define({
    path: 'payment-method',
    entity: 'paymentMethod',
    listName: 'PaymentMethod',
    label: 'Payment method',
    labels: {
      methodName: 'Name',
      ownerAccount: 'Account holder',
      instruction: 'Instructions for the customer',
      logo: 'Logo URL',
      isActive: 'Active',
      atTill: 'Offered at the till',
      atCheckout: 'Offered at checkout',
      isCod: 'Cash on delivery',
      subAccountId: 'Ledger account',
    },
    input: z.object({
      methodName: requiredText(80),
      subAccountId: id,
      logo: optionalText(500),
      ownerAccount: optionalText(120),
      instruction: optionalLines(5000),
      isActive: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('true'),
      /** 'false' for a method the counter does not take (cash on delivery): the till neither offers nor accepts it. */
      atTill: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('true'),
      /** 'true' for cash on delivery: the courier collects it, and there is no payment to verify before. */
      isCod: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('false'),
      /** 'true' for a way to pay the web shop's orders (cash on delivery, a transfer the shopper makes). */
      atCheckout: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('false'),
    }),
    deletion: 'soft',
    publicList: true,
    postUpdate: true,
    unique: ['methodName'],
    search: ['methodName', 'ownerAccount'],
    sortable: ['methodName', 'createdAt'],
    titleField: 'methodName',
  }),
  award: define({
    path: 'award',
    entity: 'award',
    listName: 'Award',
    label: 'Award',
    labels: { image: 'Image URL' },
    input: z.object({ name: requiredText(80), description: optionalLines(2000), image: optionalText(500) }),
    deletion: 'soft',
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  awardHistory: define({
    path: 'award-history',
    entity: 'awardHistory',
    listName: 'AwardHistory',
    label: 'Award history',
    input: z.object({ userId: id, awardId: id, awardedDate: dateOnly, comment: optionalLines(500) }),
    deletion: 'hard',
    search: ['comment'],
    sortable: ['awardedDate', 'createdAt'],
    titleField: 'awardedDate',
  }),
  education: define({
    path: 'education',
    entity: 'education',
    listName: 'Education',
    label: 'Education',
    input: z.object({
      userId: id,
      degree: requiredText(120),
      institution: requiredText(200),
      fieldOfStudy: requiredText(120),
      result: requiredText(60),
      studyStartDate: dateOnly,
      studyEndDate: optionalDate,
    }),
    deletion: 'hard',
    periods: [['studyStartDate', 'studyEndDate']],
    search: ['degree', 'institution', 'fieldOfStudy'],
    sortable: ['studyStartDate', 'createdAt'],
    titleField: 'degree',
  }),
  salaryHistory: define({
    path: 'salary-history',
    entity: 'salaryHistory',
    listName: 'SalaryHistory',
    label: 'Salary history',
    input: z.object({ userId: id, salary: money, startDate: dateOnly, endDate: optionalDate, comment: optionalLines(500) }),
    deletion: 'hard',
    periods: [['startDate', 'endDate']],
    search: ['comment'],
    sortable: ['startDate', 'salary', 'createdAt'],
    titleField: 'startDate',
  }),
  deliveryFee: define({
    path: 'delivery-fee',
    entity: 'deliveryFee',
    listName: 'DeliveryFee',
    label: 'Delivery fee',
    labels: { deliveryFee: 'Fee' },
    input: z.object({ deliveryArea: requiredText(120), deliveryFee: money }),
    deletion: 'soft',
    publicList: true,
    unique: ['deliveryArea'],
    search: ['deliveryArea'],
    sortable: ['deliveryArea', 'deliveryFee', 'createdAt'],
    titleField: 'deliveryArea',
  }),
  productCategory: define({
    path: 'product-category',
    entity: 'productCategory',
    listName: 'ProductCategory',
    label: 'Category',
    input: z.object({ name: requiredText(80) }),
    deletion: 'soft',
    publicList: true,
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  productSubCategory: define({
    path: 'product-sub-category',
    entity: 'productSubCategory',
    listName: 'ProductSubCategory',
    label: 'Sub-category',
    input: z.object({ name: requiredText(80), productCategoryId: id }),
    deletion: 'soft',
    publicList: true,
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  productBrand: define({
    path: 'product-brand',
    entity: 'productBrand',
    listName: 'ProductBrand',
    label: 'Brand',
    input: z.object({ name: requiredText(80) }),
    deletion: 'soft',
    publicList: true,
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  productAttribute: define({
    path: 'product-attribute',
    entity: 'productAttribute',
    listName: 'ProductAttribute',
    label: 'Attribute',
    input: z.object({ name: requiredText(80) }),
    deletion: 'soft',
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  productAttributeValue: define({
    path: 'product-attribute-value',
    entity: 'productAttributeValue',
    listName: 'ProductAttributeValue',
    label: 'Attribute value',
    labels: { name: 'Value' },
    input: z.object({ productAttributeId: id, name: requiredText(80) }),
    deletion: 'soft',
    unique: [['productAttributeId', 'name']],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
  coupon: define({
    path: 'coupon',
    entity: 'coupon',
    listName: 'Coupon',
    label: 'Coupon',
    labels: {
      couponCode: 'Code',
      maxUses: 'Uses in all',
      maxUsesPerCustomer: 'Uses per shopper',
      minimumOrder: 'Minimum order',
    },
    input: couponInput,
    deletion: 'soft',
    unique: ['couponCode'],
    periods: [['startDate', 'endDate']],
    search: ['couponCode', 'description'],
    sortable: ['couponCode', 'startDate', 'endDate', 'createdAt'],
    titleField: 'couponCode',
  }),
  leadSource: define({
    path: 'lead-source',
    entity: 'leadSource',
    listName: 'LeadSource',
    label: 'Lead source',
    input: z.object({ name: requiredText(80) }),
    deletion: 'soft',
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
} satisfies Record<string, ResourceContract>;

export type ResourceKey = keyof typeof resources;
export { maxId, money, optionalId };
