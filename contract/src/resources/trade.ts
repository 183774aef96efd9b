import { z } from 'zod';
import { id, money, numberField, optionalEmail, optionalId, optionalLines, optionalText, requiredLines, requiredText } from '../fields.ts';
import { couponInput } from '../shop/coupon.ts';
import { receiptSizes } from '../till/till-session.ts';
import { courierTypes, define, pageSizeUnits } from './contract.ts';

const length = numberField((n) => n.positive('must be above 0').max(10_000, 'must be at most 10000'));

/** Trade's plain resources: currencies, couriers, suppliers, page sizes, terms, payment methods, delivery fees and coupons. */
export const tradeResources = {
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
      /**
       * 'true' for a way to pay the web shop's orders (cash on delivery, a transfer the shopper makes). A method
       * created without saying where it is offered (as a client written against the reference sends it) is
       * offered at the till and at checkout; the owner limits it with 'false'. The table's default stays 'false'
       * for the methods the seeds write (the till's cash and card are not offered at checkout).
       */
      atCheckout: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).default('true'),
    }),
    deletion: 'soft',
    publicList: true,
    postUpdate: true,
    unique: ['methodName'],
    search: ['methodName', 'ownerAccount'],
    sortable: ['methodName', 'createdAt'],
    titleField: 'methodName',
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
  /**
   * A till (a register, issue 31): its drawer's cash is a ledger sub-account of its own (`subAccountId`, made with
   * the till by the server), the payment methods it takes (none listed: every method offered at the till) and the
   * size its receipts and reports print at.
   */
  till: define({
    path: 'till',
    entity: 'till',
    listName: 'Till',
    label: 'Till',
    labels: { name: 'Name', paymentMethodIds: 'Payment methods', receiptSize: 'Receipt size' },
    input: z.object({
      name: requiredText(60),
      paymentMethodIds: z
        .array(id, { error: 'must be a list of payment methods' })
        .max(20, 'must have at most 20 payment methods')
        .refine((list) => new Set(list).size === list.length, 'must not list a payment method twice')
        .default([]),
      receiptSize: z.enum(receiptSizes, { error: `must be one of ${receiptSizes.join(', ')}` }).default('80mm'),
    }),
    deletion: 'soft',
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  }),
};
