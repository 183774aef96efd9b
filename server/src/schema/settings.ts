import { boolean, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { moneyColumn, recordColumns } from './columns.ts';
import { subAccount } from './accounting.ts';

export const currency = pgTable('currency', {
  ...recordColumns,
  currencyName: text().notNull().unique(),
  currencySymbol: text().notNull(),
});

/** The single settings row. */
export const appSetting = pgTable('app_setting', {
  ...recordColumns,
  companyName: text().notNull(),
  dashboardType: text({ enum: ['e-commerce', 'inventory', 'both'] }).notNull().default('both'),
  tagLine: text(),
  address: text(),
  phone: text(),
  email: text(),
  website: text(),
  footer: text(),
  logo: text(),
  currencyId: integer().references(() => currency.id),
  allowNegativeStock: boolean().notNull().default(false),
});

export const pageSize = pgTable('page_size', {
  ...recordColumns,
  pageSizeName: text().notNull().unique(),
  width: numeric({ precision: 8, scale: 2, mode: 'number' }).notNull(),
  height: numeric({ precision: 8, scale: 2, mode: 'number' }).notNull(),
  unit: text().notNull().default('inches'),
});

export const termsAndCondition = pgTable('terms_and_condition', {
  ...recordColumns,
  title: text().notNull().unique(),
  subject: text().notNull(),
});

export const paymentMethod = pgTable('payment_method', {
  ...recordColumns,
  methodName: text().notNull().unique(),
  subAccountId: integer().notNull().references(() => subAccount.id),
  logo: text(),
  ownerAccount: text(),
  instruction: text(),
  isActive: text({ enum: ['true', 'false'] }).notNull().default('true'),
});

export const courierMedium = pgTable('courier_medium', {
  ...recordColumns,
  courierMediumName: text().notNull().unique(),
  address: text().notNull(),
  phone: text().notNull().unique(),
  email: text().unique(),
  type: text({ enum: ['courier', 'deliveryBoy'] }).notNull(),
  subAccountId: integer().references(() => subAccount.id),
});

export const deliveryFee = pgTable('delivery_fee', {
  ...recordColumns,
  deliveryArea: text().notNull().unique(),
  deliveryFee: moneyColumn().notNull(),
});
