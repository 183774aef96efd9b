import { numeric, pgTable, text, time } from 'drizzle-orm/pg-core';
import { recordColumns } from './columns.ts';

/**
 * Where and how staff work: the lookups a user row points at. Kept apart from hr.ts (the
 * per-user histories, which point at users) so identity and hr do not import each other.
 */
export const department = pgTable('department', { ...recordColumns, name: text().notNull().unique() });
export const designation = pgTable('designation', { ...recordColumns, name: text().notNull().unique() });

export const employmentStatus = pgTable('employment_status', {
  ...recordColumns,
  name: text().notNull().unique(),
  colourValue: text().notNull(),
  description: text(),
});

export const shift = pgTable('shift', {
  ...recordColumns,
  name: text().notNull().unique(),
  startTime: time().notNull(),
  endTime: time().notNull(),
  workHour: numeric({ precision: 5, scale: 2, mode: 'number' }),
});
