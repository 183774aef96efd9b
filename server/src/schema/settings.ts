import { courierTypes, dashboardTypes, pageSizeUnits, statusText } from '@tillbook/contract';
import { boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { subAccount } from './accounting.ts';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';

export const currency = pgTable('currency', {
  ...recordColumns,
  currencyName: text().notNull().unique(),
  currencySymbol: text().notNull(),
});

/** The single settings row. */
export const appSetting = pgTable(
  'app_setting',
  {
    ...recordColumns,
    companyName: text().notNull(),
    dashboardType: closedText(dashboardTypes).notNull().default('both'),
    tagLine: text(),
    address: text(),
    /** The shop's VAT (tax) registration number, printed on its invoices. */
    vatNumber: text(),
    phone: text(),
    email: text(),
    website: text(),
    footer: text(),
    logo: text(),
    currencyId: integer().references(() => currency.id),
    allowNegativeStock: boolean().notNull().default(false),
    /** Blind close: a cashier counts the drawer before seeing what the till expected (issue 31). */
    blindClose: boolean().notNull().default(true),
    /** Issue 34: a till discount above this percent of what it is taken off is logged as a `largeDiscount` event (0: never). */
    discountAlertPercent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(20),
    /** The notes and coins a drawer is counted in, a comma list, largest first. */
    cashDenominations: text().notNull().default('100,50,20,10,5,2,1,0.5,0.25,0.1,0.05,0.01'),
    /** IANA name; null = the server's time zone. Decides the business date of documents. */
    timeZone: text(),
  },
  (t) => [inSet('app_setting_dashboard_type', t.dashboardType, dashboardTypes)],
);

export const pageSize = pgTable(
  'page_size',
  {
    ...recordColumns,
    pageSizeName: text().notNull().unique(),
    width: numeric({ precision: 8, scale: 2, mode: 'number' }).notNull(),
    height: numeric({ precision: 8, scale: 2, mode: 'number' }).notNull(),
    unit: closedText(pageSizeUnits).notNull().default('inches'),
  },
  (t) => [inSet('page_size_unit', t.unit, pageSizeUnits)],
);

export const termsAndCondition = pgTable('terms_and_condition', {
  ...recordColumns,
  title: text().notNull().unique(),
  subject: text().notNull(),
});

export const paymentMethod = pgTable(
  'payment_method',
  {
    ...recordColumns,
    methodName: text().notNull().unique(),
    subAccountId: integer()
      .notNull()
      .references(() => subAccount.id),
    logo: text(),
    ownerAccount: text(),
    instruction: text(),
    isActive: closedText(statusText.options).notNull().default('true'),
    /** Offered at the till: a method for deliveries (cash on delivery) is not taken at the counter. */
    atTill: closedText(statusText.options).notNull().default('true'),
    /** Cash on delivery: paid to the courier when the order is delivered, with no payment to verify first. */
    isCod: closedText(statusText.options).notNull().default('false'),
    /** Offered at the web shop's checkout (the till's cash and card are not). */
    atCheckout: closedText(statusText.options).notNull().default('false'),
  },
  (t) => [
    inSet('payment_method_is_active', t.isActive, statusText.options),
    inSet('payment_method_at_till', t.atTill, statusText.options),
    inSet('payment_method_is_cod', t.isCod, statusText.options),
    inSet('payment_method_at_checkout', t.atCheckout, statusText.options),
  ],
);

export const courierMedium = pgTable(
  'courier_medium',
  {
    ...recordColumns,
    courierMediumName: text().notNull().unique(),
    address: text().notNull(),
    phone: text().notNull().unique(),
    email: text().unique(),
    type: closedText(courierTypes).notNull(),
    subAccountId: integer().references(() => subAccount.id),
  },
  (t) => [inSet('courier_medium_type', t.type, courierTypes)],
);

export const deliveryFee = pgTable('delivery_fee', {
  ...recordColumns,
  deliveryArea: text().notNull().unique(),
  deliveryFee: moneyColumn().notNull(),
});
