import { appointmentStates, leadStatuses } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, time, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { closedText, inSet, moneyColumn, recordColumns } from './columns.ts';
import { customer, users } from './identity.ts';

/** Where leads come from (walk-in, website, referral ...). */
export const leadSource = pgTable('lead_source', { ...recordColumns, name: text().notNull().unique() });

/**
 * Someone who may become a customer (reference 2.10): owned by a staff member, with a status, a value
 * and notes. Converting links (or creates) the customer with the lead's e-mail: `customerId`, `isConverted`.
 */
export const lead = pgTable(
  'lead',
  {
    ...recordColumns,
    name: text().notNull(),
    email: text(),
    phone: text(),
    leadOwnerId: integer()
      .notNull()
      .references(() => users.id),
    leadSourceId: integer().references(() => leadSource.id),
    leadStatus: closedText(leadStatuses).notNull().default('new'),
    leadValue: moneyColumn(),
    notes: text(),
    isConverted: boolean().notNull().default(false),
    customerId: integer().references(() => customer.id),
  },
  (t) => [
    inSet('lead_status', t.leadStatus, leadStatuses),
    uniqueIndex('lead_email').on(sql`lower(${t.email})`),
    index().on(t.leadOwnerId),
    index().on(t.leadStatus, t.id),
    index().on(t.leadSourceId),
    index().on(t.customerId),
  ],
);

/**
 * An appointment in a staff member's book, for a lead or a customer: a day, a start time and a length.
 * `status` is the spec's number (appointmentStates; 0 booked ... 4 no-show). Two appointments of one
 * staff member that hold their slot never overlap: an exclusion constraint (migration 0022) keeps it
 * under racing bookings too. `reminderSentAt` marks the day-before reminder taken by the mail worker.
 */
export const appointment = pgTable(
  'appointment',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    status: integer().notNull().default(0),
    leadId: integer().references(() => lead.id, { onDelete: 'cascade' }),
    customerId: integer().references(() => customer.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    date: date().notNull(),
    time: time().notNull(),
    durationMinutes: integer().notNull().default(30),
    notes: text(),
    reminderSentAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('appointment_status_in_set', sql`${t.status} in (${sql.raw(appointmentStates.join(', '))})`),
    check('appointment_for_someone', sql`${t.leadId} is not null or ${t.customerId} is not null`),
    check('appointment_duration', sql`${t.durationMinutes} between 5 and 720`),
    index().on(t.userId, t.date),
    index().on(t.date, t.status),
    index().on(t.leadId),
    index().on(t.customerId),
  ],
);
