import { salaryPeriods } from '@tillbook/contract';
import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';
import { users } from './identity.ts';
import { designation } from './workplace.ts';

export const designationHistory = pgTable('designation_history', {
  ...recordColumns,
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  designationId: integer()
    .notNull()
    .references(() => designation.id),
  startDate: date().notNull(),
  endDate: date(),
  comment: text(),
});

export const salaryHistory = pgTable(
  'salary_history',
  {
    ...recordColumns,
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salary: moneyColumn().notNull(),
    /** What the salary is paid per; the rows kept before the period was asked are monthly. */
    period: closedText(salaryPeriods).notNull().default('month'),
    startDate: date().notNull(),
    endDate: date(),
    comment: text(),
  },
  (t) => [inSet('salary_history_period', t.period, salaryPeriods)],
);

export const education = pgTable('education', {
  ...recordColumns,
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  degree: text().notNull(),
  institution: text().notNull(),
  fieldOfStudy: text().notNull(),
  result: text().notNull(),
  studyStartDate: date().notNull(),
  studyEndDate: date(),
});

export const award = pgTable('award', {
  ...recordColumns,
  name: text().notNull().unique(),
  description: text(),
  image: text(),
});

export const awardHistory = pgTable('award_history', {
  ...recordColumns,
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  awardId: integer()
    .notNull()
    .references(() => award.id),
  awardedDate: date().notNull(),
  comment: text(),
});
