import { fieldMessage } from '@tillbook/contract';
import { and, asc, count, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, conflict, duplicate, fieldError, forbidden } from '../../platform/errors.ts';
import { permission, role, rolePermission, users } from '../../schema/index.ts';

export const superAdmin = 'super-admin';

/**
 * User writes take this lock so two registrations of 'Bob' and 'bob' cannot both pass the
 * case-insensitive check (the table's own constraints are case-sensitive).
 */
export const lockUserWrites = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(727281)`);

const uniqueFields = ['username', 'email', 'employeeId'] as const;

/** 409 naming the first of username, email, employeeId another user already has (any letter case). */
export async function assertUniqueUser(
  db: DbOrTx,
  values: Partial<Record<(typeof uniqueFields)[number], string | null>>,
  exceptId?: number,
) {
  const given = uniqueFields.filter((field) => values[field] !== undefined && values[field] !== null);
  if (given.length === 0) return;
  const same = (field: (typeof uniqueFields)[number]) => eq(sql`lower(${users[field]})`, values[field]!.toLowerCase());
  const clashes = await db
    .select({ username: users.username, email: users.email, employeeId: users.employeeId })
    .from(users)
    .where(and(or(...given.map(same)), exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(3);
  for (const field of given) {
    if (clashes.some((row) => row[field]?.toLowerCase() === values[field]!.toLowerCase())) throw duplicate('User', field);
  }
}

/**
 * A role given to a staff account must exist and be active, and must not be the customers' role
 * (its grants are meant for the storefront, where ownership is checked; a staff account holding
 * them would see every customer's orders). Only a super-admin may hand out super-admin, and a
 * staff member may hand out only a role whose permissions their own role holds too (no moving
 * oneself, or a friend, into a stronger role).
 */
export async function assertAssignableRole(db: DbOrTx, roleId: number, by: { role: string; roleId: number }) {
  const [row] = await db.select({ name: role.name, status: role.status }).from(role).where(eq(role.id, roleId));
  if (!row) throw fieldError('roleId', 'does not exist');
  if (row.name === 'customer') throw fieldError('roleId', "is the storefront customers' role; choose a staff role");
  if (!row.status) throw fieldError('roleId', 'is a hidden role');
  if (by.role === superAdmin) return;
  if (row.name === superAdmin) throw forbidden('Only a super-admin can give the super-admin role');
  const activeOf = (id: number) =>
    db
      .select({ id: rolePermission.permissionId })
      .from(rolePermission)
      .innerJoin(permission, eq(permission.id, rolePermission.permissionId))
      .where(and(eq(rolePermission.roleId, id), eq(permission.status, true)));
  const beyond = await db
    .select({ name: permission.name })
    .from(permission)
    .where(and(inArray(permission.id, activeOf(roleId)), notInArray(permission.id, activeOf(by.roleId))))
    .orderBy(asc(permission.id));
  if (beyond.length) {
    throw forbidden(
      `You may only give a role whose permissions your own role holds; it also holds ${beyond.map((b) => b.name).join(', ')}`,
    );
  }
}

/** Without this, anyone holding update-user could reset the owner's password and take over. */
export function assertMayManage(targetRole: string, callerRole: string) {
  if (targetRole === superAdmin && callerRole !== superAdmin) throw forbidden('Only a super-admin can change a super-admin account');
}

/** The shop must keep at least one active super-admin, or nobody could manage roles again. */
export async function assertAnotherSuperAdmin(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(role, eq(role.id, users.roleId))
    .where(and(eq(role.name, superAdmin), eq(users.status, true), ne(users.id, userId)));
  if ((row?.n ?? 0) === 0)
    throw conflict('This is the last active super-admin; give another account that role first', { roleId: 'last super-admin' });
}

/** 400 naming the end field when a period ends before it starts. */
export function assertPeriods(periods: [endField: string, start: string | null | undefined, end: string | null | undefined][]) {
  const fields: Record<string, string> = {};
  for (const [endField, start, end] of periods) {
    if (start && end && end < start) fields[endField] = 'must not be before the start date';
  }
  const [first] = Object.keys(fields);
  if (first) throw badRequest(fieldMessage(first, 'must not be before the start date'), fields);
}
