import type { UserListFilters } from '@tillbook/contract';
import { count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { conventionWhere, inArray, type ListQuery, orderBy, whereAll } from '../../platform/list-query.ts';
import { paged } from '../../platform/queries.ts';
import {
  award,
  awardHistory,
  department,
  designation,
  designationHistory,
  education,
  employmentStatus,
  role,
  salaryHistory,
  shift,
  users,
} from '../../schema/index.ts';

/** A user's columns without the password hash, so it is never even read for an answer. */
export const userColumns = (() => {
  const { password: _hash, ...rest } = getTableColumns(users);
  return rest;
})();

const roleRef = { id: role.id, name: role.name };

/** One user with their role, department, designation, shift, employment status and histories. */
export async function loadUserDetail(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      user: userColumns,
      role: roleRef,
      department: getTableColumns(department),
      designation: getTableColumns(designation),
      shift: getTableColumns(shift),
      employmentStatus: getTableColumns(employmentStatus),
    })
    .from(users)
    .innerJoin(role, eq(role.id, users.roleId))
    .leftJoin(department, eq(department.id, users.departmentId))
    .leftJoin(designation, eq(designation.id, users.designationId))
    .leftJoin(shift, eq(shift.id, users.shiftId))
    .leftJoin(employmentStatus, eq(employmentStatus.id, users.employmentStatusId))
    .where(eq(users.id, id));
  if (!row) return undefined;
  const [designations, salaries, studies, awards] = await Promise.all([
    db
      .select({ ...getTableColumns(designationHistory), designation: { id: designation.id, name: designation.name } })
      .from(designationHistory)
      .innerJoin(designation, eq(designation.id, designationHistory.designationId))
      .where(eq(designationHistory.userId, id))
      .orderBy(desc(designationHistory.startDate), desc(designationHistory.id)),
    db.select().from(salaryHistory).where(eq(salaryHistory.userId, id)).orderBy(desc(salaryHistory.startDate), desc(salaryHistory.id)),
    db.select().from(education).where(eq(education.userId, id)).orderBy(desc(education.studyStartDate), desc(education.id)),
    db
      .select({ ...getTableColumns(awardHistory), award: { id: award.id, name: award.name } })
      .from(awardHistory)
      .innerJoin(award, eq(award.id, awardHistory.awardId))
      .where(eq(awardHistory.userId, id))
      .orderBy(desc(awardHistory.awardedDate), desc(awardHistory.id)),
  ]);
  const { user, ...related } = row;
  return { ...user, ...related, designationHistory: designations, salaryHistory: salaries, education: studies, awardHistory: awards };
}

/** `GET /user?filters`: the list convention plus the organisation filters; each row carries its role. */
export async function listUsers(db: DbOrTx, q: ListQuery) {
  const f = q.filters as UserListFilters;
  const where = whereAll([
    ...conventionWhere(q, {
      status: users.status,
      search: [users.username, users.firstName, users.lastName, users.email, users.phone, users.employeeId],
      date: users.createdAt,
    }),
    ...(['roleId', 'departmentId', 'designationId', 'shiftId', 'employmentStatusId'] as const)
      .filter((name) => f[name])
      .map((name) => inArray(users[name], f[name]!)),
  ]);
  const rows = db
    .select({ ...userColumns, role: roleRef })
    .from(users)
    .innerJoin(role, eq(role.id, users.roleId))
    .where(where)
    .orderBy(...orderBy(q, users, users.createdAt))
    .$dynamic();
  const [list, [total]] = await Promise.all([paged(rows, q), db.select({ n: count() }).from(users).where(where)]);
  return { getAllUser: list, totalUser: total?.n ?? 0 };
}
