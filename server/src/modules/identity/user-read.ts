import { type UserListFilters, userRecordLimit, userSaleLimit } from '@tillbook/contract';
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
  saleInvoice,
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
export async function loadUserDetail(db: DbOrTx, id: number, today: string) {
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
  const [designations, salaries, studies, awards, sales] = await Promise.all([
    db
      .select({ ...getTableColumns(designationHistory), designation: { id: designation.id, name: designation.name } })
      .from(designationHistory)
      .innerJoin(designation, eq(designation.id, designationHistory.designationId))
      .where(eq(designationHistory.userId, id))
      .orderBy(desc(designationHistory.startDate), desc(designationHistory.id))
      .limit(userRecordLimit),
    db
      .select()
      .from(salaryHistory)
      .where(eq(salaryHistory.userId, id))
      .orderBy(desc(salaryHistory.startDate), desc(salaryHistory.id))
      .limit(userRecordLimit),
    db
      .select()
      .from(education)
      .where(eq(education.userId, id))
      .orderBy(desc(education.studyStartDate), desc(education.id))
      .limit(userRecordLimit),
    db
      .select({ ...getTableColumns(awardHistory), award: { id: award.id, name: award.name } })
      .from(awardHistory)
      .innerJoin(award, eq(award.id, awardHistory.awardId))
      .where(eq(awardHistory.userId, id))
      .orderBy(desc(awardHistory.awardedDate), desc(awardHistory.id))
      .limit(userRecordLimit),
    db
      .select({
        id: saleInvoice.id,
        status: saleInvoice.status,
        createdAt: saleInvoice.createdAt,
        updatedAt: saleInvoice.updatedAt,
        date: saleInvoice.date,
        state: saleInvoice.state,
        customerId: saleInvoice.customerId,
        userId: saleInvoice.userId,
        totalAmount: saleInvoice.totalAmount,
        totalTaxAmount: saleInvoice.totalTaxAmount,
        totalDiscountAmount: saleInvoice.totalDiscountAmount,
      })
      .from(saleInvoice)
      .where(eq(saleInvoice.userId, id))
      .orderBy(desc(saleInvoice.id))
      .limit(userSaleLimit),
  ]);
  const { user, ...related } = row;
  // what holds today: the row whose period covers the shop's business day
  const current = <P extends { status: boolean; startDate: string; endDate: string | null }>(rows: P[]) =>
    rows.find((p) => p.status && p.startDate <= today && (p.endDate === null || today <= p.endDate)) ?? null;
  return {
    ...user,
    ...related,
    currentDesignation: current(designations),
    currentSalary: current(salaries),
    designationHistory: designations,
    salaryHistory: salaries,
    education: studies,
    awardHistory: awards,
    saleInvoice: sales,
  };
}

/** `GET /user?filters`: the list convention plus the organisation filters; each row carries its role and employment status (its colour shows as a tag). */
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
    .select({
      ...userColumns,
      role: roleRef,
      employmentStatus: { id: employmentStatus.id, name: employmentStatus.name, colourValue: employmentStatus.colourValue },
    })
    .from(users)
    .innerJoin(role, eq(role.id, users.roleId))
    .leftJoin(employmentStatus, eq(employmentStatus.id, users.employmentStatusId))
    .where(where)
    .orderBy(...orderBy(q, users, users.createdAt))
    .$dynamic();
  const [list, [total]] = await Promise.all([paged(rows, q), db.select({ n: count() }).from(users).where(where)]);
  return { getAllUser: list, totalUser: total?.n ?? 0 };
}
