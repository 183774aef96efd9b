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
 * Every grant of a role, active or not. The rule "you may only give what you hold" compares these:
 * a hidden permission is still the role's and is back the moment it is shown again, so counting only
 * active ones let a role hide a stronger role's grants, take that role, and show them again.
 */
export const grantsOf = (db: DbOrTx, roleId: number) =>
  db.select({ id: rolePermission.permissionId }).from(rolePermission).where(eq(rolePermission.roleId, roleId));

/** 403 when role `roleId` holds a permission (active or not) that the caller's own role does not. */
async function assertWithinOwnGrants(db: DbOrTx, roleId: number, ownRoleId: number, refusal: string) {
  const beyond = await db
    .select({ name: permission.name })
    .from(permission)
    .where(and(inArray(permission.id, grantsOf(db, roleId)), notInArray(permission.id, grantsOf(db, ownRoleId))))
    .orderBy(asc(permission.id));
  if (beyond.length) throw forbidden(`${refusal}; it also holds ${beyond.map((b) => b.name).join(', ')}`);
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
  await assertWithinOwnGrants(db, roleId, by.roleId, 'You may only give a role whose permissions your own role holds');
}

/**
 * Setting another account's password signs the setter in as that account: a staff member may do it
 * only for an account whose role's permissions their own role holds (a super-admin for any).
 */
export async function assertMaySetPassword(
  db: DbOrTx,
  target: { id: number; roleId: number },
  by: { id: number; role: string; roleId: number },
) {
  if (by.role === superAdmin || target.id === by.id) return;
  await assertWithinOwnGrants(
    db,
    target.roleId,
    by.roleId,
    "You may only set the password of an account whose role's permissions your own role holds",
  );
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
