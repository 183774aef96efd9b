import { subjectKinds } from '@tillbook/contract';
import { boolean, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { closedText, inSet, recordColumns } from './columns.ts';
import { department, designation, employmentStatus, shift } from './workplace.ts';

export const role = pgTable('role', {
  ...recordColumns,
  name: text().notNull().unique(),
  /** Seeding has given this role its preset grants (once: a role the owner empties later stays empty). */
  presetGranted: boolean().notNull().default(false),
});

export const permission = pgTable('permission', { ...recordColumns, name: text().notNull().unique() });

export const rolePermission = pgTable(
  'role_permission',
  {
    ...recordColumns,
    roleId: integer()
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    permissionId: integer()
      .notNull()
      .references(() => permission.id, { onDelete: 'cascade' }),
  },
  (t) => [unique().on(t.roleId, t.permissionId)],
);

export const users = pgTable('users', {
  ...recordColumns,
  firstName: text().notNull(),
  lastName: text().notNull(),
  username: text().notNull().unique(),
  password: text().notNull(),
  email: text().unique(),
  employeeId: text().unique(),
  phone: text(),
  street: text(),
  city: text(),
  state: text(),
  zipCode: text(),
  country: text(),
  bloodGroup: text(),
  image: text(),
  roleId: integer()
    .notNull()
    .references(() => role.id),
  departmentId: integer().references(() => department.id),
  designationId: integer().references(() => designation.id),
  shiftId: integer().references(() => shift.id),
  employmentStatusId: integer().references(() => employmentStatus.id),
  joinDate: date(),
  leaveDate: date(),
});

export const customer = pgTable(
  'customer',
  {
    ...recordColumns,
    firstName: text(),
    lastName: text(),
    username: text(),
    email: text().unique(),
    phone: text(),
    address: text(),
    password: text(),
    googleId: text().unique(),
    profileImage: text(),
    roleId: integer()
      .notNull()
      .references(() => role.id),
  },
  // every till sale finds the walk-in customer by name: with the web shop's shoppers in the table, a scan of
  // 30,000 rows twice a sale (4 ms of the database's time) without this index
  // a till's copy of the customers (issue 33) reads them by change time
  (t) => [index().on(t.username, t.id), index('customer_changed').on(t.updatedAt, t.id)],
);

/** Refresh tokens, stored hashed. A family is one login; reuse of a rotated token revokes the family. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    subjectKind: closedText(subjectKinds).notNull(),
    subjectId: integer().notNull(),
    familyId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.familyId), inSet('refresh_token_subject_kind', t.subjectKind, subjectKinds)],
);

/** Failed login attempts, for the rate limit (per username and address). */
export const loginFailure = pgTable(
  'login_failure',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    address: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.username, t.address, t.at)],
);

/** Values the server keeps for itself: the generated token signing key, first-start markers. */
export const serverState = pgTable('server_state', { name: text().primaryKey(), value: text().notNull() });
