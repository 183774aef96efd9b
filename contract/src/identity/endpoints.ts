import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import {
  loginAnswer,
  loginBody,
  registerUserBody,
  rolePermissionBody,
  rolePermissionQuery,
  rolePermissionsAnswer,
  updateUserBody,
} from '../identity.ts';
import { idListFilter } from '../list-query.ts';
import { statusBody } from '../status.ts';
import { salaryPeriods } from './salary-period.ts';

/** A staff account as answered after a write: every column but the password hash, which is not listed. */
export const userOut = z.object({
  ...recordOut,
  firstName: out.text,
  lastName: out.text,
  username: out.text,
  email: out.optionalText,
  employeeId: out.optionalText,
  phone: out.optionalText,
  street: out.optionalText,
  city: out.optionalText,
  state: out.optionalText,
  zipCode: out.optionalText,
  country: out.optionalText,
  bloodGroup: out.optionalText,
  image: out.optionalText,
  roleId: out.id,
  departmentId: out.optionalId,
  designationId: out.optionalId,
  shiftId: out.optionalId,
  employmentStatusId: out.optionalId,
  joinDate: out.date.nullable(),
  leaveDate: out.date.nullable(),
});
export type User = z.infer<typeof userOut>;

const named = z.object({ id: out.id, name: out.text });

/** A row of the user list: the account with its role and employment status (a coloured tag on the list). */
export const userRowOut = userOut.extend({
  role: named,
  employmentStatus: z.object({ id: out.id, name: out.text, colourValue: out.text }).nullable(),
});
export type UserRow = z.infer<typeof userRowOut>;

const namedRecord = z.object({ ...recordOut, name: out.text });

export const designationHistoryOut = z.object({
  ...recordOut,
  userId: out.id,
  designationId: out.id,
  startDate: out.date,
  endDate: out.date.nullable(),
  comment: out.optionalText,
  designation: named,
});
export type DesignationHistoryRow = z.infer<typeof designationHistoryOut>;

export const salaryHistoryOut = z.object({
  ...recordOut,
  userId: out.id,
  salary: out.money,
  period: z.enum(salaryPeriods),
  startDate: out.date,
  endDate: out.date.nullable(),
  comment: out.optionalText,
});
export type SalaryHistoryRow = z.infer<typeof salaryHistoryOut>;

export const educationOut = z.object({
  ...recordOut,
  userId: out.id,
  degree: out.text,
  institution: out.text,
  fieldOfStudy: out.text,
  result: out.text,
  studyStartDate: out.date,
  studyEndDate: out.date.nullable(),
});

export const awardHistoryOut = z.object({
  ...recordOut,
  userId: out.id,
  awardId: out.id,
  awardedDate: out.date,
  comment: out.optionalText,
  award: named,
});

/** How many of a user's sales `GET user/{id}` lists (the newest), so the answer stays small however long they sell. */
export const userSaleLimit = 100;

/** A sale the user made at the till (reference 3.1: `saleInvoice` on the user), as its header row holds it. */
export const userSaleOut = z.object({
  ...recordOut,
  date: out.date,
  state: out.text,
  customerId: out.id,
  userId: out.id,
  totalAmount: out.money,
  totalTaxAmount: out.money,
  totalDiscountAmount: out.money,
});

/** How many rows of each history `GET user/{id}` lists (the newest), so the answer stays bounded. */
export const userRecordLimit = 200;

/** One account with where it sits in the shop, its histories and its newest sales. */
export const userDetailOut = userOut.extend({
  role: named,
  department: namedRecord.nullable(),
  designation: namedRecord.nullable(),
  shift: namedRecord.extend({ startTime: out.text, endTime: out.text, workHour: out.money.nullable() }).nullable(),
  employmentStatus: namedRecord.extend({ colourValue: out.text, description: out.optionalText }).nullable(),
  /** The history rows covering today (the shop's day); null when none does. */
  currentDesignation: designationHistoryOut.nullable(),
  currentSalary: salaryHistoryOut.nullable(),
  designationHistory: z.array(designationHistoryOut),
  salaryHistory: z.array(salaryHistoryOut),
  education: z.array(educationOut),
  awardHistory: z.array(awardHistoryOut),
  saleInvoice: z.array(userSaleOut),
});
export type UserDetail = z.infer<typeof userDetailOut>;

/** The user list's own filters, beyond the list-query convention. */
export const userListFilters = {
  roleId: idListFilter.optional(),
  departmentId: idListFilter.optional(),
  designationId: idListFilter.optional(),
  shiftId: idListFilter.optional(),
  employmentStatusId: idListFilter.optional(),
};
export type UserListFilters = z.output<z.ZodObject<typeof userListFilters>>;

/** Staff accounts: register, list, read, update, hide and restore. */
export const userEndpoints = {
  register: endpoint({
    method: 'POST',
    path: 'user/register',
    access: 'create-user',
    body: registerUserBody,
    answer: userOut,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: 'user',
    access: 'readAll-user',
    query: listQuery({ sortable: ['username', 'firstName', 'createdAt'], filters: userListFilters }),
    answer: z.object({ getAllUser: z.array(userRowOut), totalUser: out.int }),
  }),
  get: endpoint({ method: 'GET', path: 'user/:id', access: 'readSingle-user', answer: userDetailOut }),
  update: endpoint({ method: 'PUT', path: 'user/:id', access: 'update-user', body: updateUserBody, answer: userOut }),
  setStatus: endpoint({ method: 'PATCH', path: 'user/:id', access: 'delete-user', body: statusBody, answer: userOut }),
};

/** The spec's logout body names the user; the server ends the caller's own session whatever it says. */
export const logoutBody = z.object({ id: z.number().nullish() });

/** Staff sign-in, token refresh (the refresh token travels in an httpOnly cookie) and sign-out. */
export const sessionEndpoints = {
  login: endpoint({ method: 'POST', path: 'user/login', access: 'public', body: loginBody, answer: loginAnswer }),
  refresh: endpoint({ method: 'GET', path: 'user/refresh-token', access: 'public', answer: z.object({ token: out.text }) }),
  logout: endpoint({ method: 'POST', path: 'user/logout', access: 'staff', body: logoutBody, answer: z.object({ message: out.text }) }),
};

/** What a role may do: read by every staff member for their own role, replaced as a whole by the role screen. */
export const rolePermissionEndpoints = {
  read: endpoint({
    method: 'GET',
    path: 'role-permission/permission',
    access: 'staff',
    query: rolePermissionQuery,
    answer: rolePermissionsAnswer,
  }),
  replace: endpoint({
    method: 'POST',
    path: 'role-permission',
    access: 'create-rolePermission',
    body: rolePermissionBody,
    answer: z.object({ roleId: out.id, permissions: z.array(out.text) }),
  }),
};
