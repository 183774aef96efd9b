import { z } from 'zod';
import { out } from './answers.ts';
import { dateOnly, id, money, optionalDate, optionalEmail, optionalId, optionalText, requiredText } from './fields.ts';
import { salaryPeriod } from './identity/salary-period.ts';
import type { ResourceContract } from './resources.ts';

export const loginBody = z.object({
  username: requiredText(120),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'must be at most 200 characters'),
});

/** The spec's login fields: the access token and who signed in. */
export const loginAnswer = z.object({
  token: out.text,
  role: out.text,
  roleId: out.id,
  id: out.id,
  email: out.optionalText,
  firstName: out.text,
  lastName: out.text,
  username: out.text,
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const password = z
  .string({ error: 'is required' })
  .min(8, 'must be at least 8 characters')
  .max(200, 'must be at most 200 characters');

const userFields = {
  firstName: requiredText(80),
  lastName: requiredText(80),
  username: requiredText(80),
  email: optionalEmail,
  employeeId: optionalText(40),
  phone: optionalText(40),
  street: optionalText(200),
  city: optionalText(80),
  state: optionalText(80),
  zipCode: optionalText(20),
  country: optionalText(80),
  bloodGroup: optionalText(10),
  roleId: id,
  departmentId: optionalId,
  designationId: optionalId,
  shiftId: optionalId,
  employmentStatusId: optionalId,
  joinDate: optionalDate,
  leaveDate: optionalDate,
};

/** Staff registration: the user plus the first designation and salary history rows. */
export const registerUserBody = z.object({
  ...userFields,
  password,
  designationStartDate: optionalDate,
  designationEndDate: optionalDate,
  designationComment: optionalText(500),
  salary: money.nullish(),
  /** Default: per month. */
  salaryPeriod: salaryPeriod.optional(),
  salaryStartDate: optionalDate,
  salaryEndDate: optionalDate,
  salaryComment: optionalText(500),
});

/**
 * A user update. A new designationId or salary also changes the history: the open row is closed on the
 * day before the change starts (designationStartDate / salaryStartDate, else today) and a new open row begins.
 */
export const updateUserBody = z
  .object({
    ...userFields,
    password: password.optional(),
    designationStartDate: optionalDate,
    designationComment: optionalText(500),
    salary: money.nullish(),
    /** With a new salary: what it is paid per (default: the open row's, else per month). */
    salaryPeriod: salaryPeriod.optional(),
    salaryStartDate: optionalDate,
    salaryComment: optionalText(500),
  })
  .partial();

export const roleBody = z.object({ name: requiredText(60) });
export const rolesBody = z.array(roleBody).min(1, 'must hold at least one role');
export const permissionBody = z.object({ name: requiredText(80) });
export const rolePermissionBody = z.object({
  roleId: id,
  permissionId: z.array(id, { error: 'must be a list of permission ids' }).max(2000, 'must hold at most 2000 ids'),
});
/** `GET role-permission/permission?roleId=` */
export const rolePermissionQuery = z.object({
  roleId: z
    .string({ error: 'is required' })
    .regex(/^\d{1,9}$/, 'must be an id')
    .transform(Number),
});
export const rolePermissionsAnswer = z.object({ permissions: z.array(out.text), totalPermissions: out.int });
export type RolePermissionsAnswer = z.infer<typeof rolePermissionsAnswer>;

/** Roles the product relies on by name: they can be neither renamed nor hidden. */
/** Who a token or a refresh token belongs to. */
export const subjectKinds = ['staff', 'customer'] as const;

export const builtInRoles = ['super-admin', 'customer'] as const;

/** Roles and permissions are served by the resource factory, like the plain resources. */
export const identityResources = {
  role: {
    path: 'role',
    entity: 'role',
    listName: 'Role',
    label: 'Role',
    input: roleBody,
    deletion: 'soft',
    createMany: true,
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  },
  // the catalogue is fixed (seeded from permissions.ts): no create, and names never change
  permission: {
    path: 'permission',
    entity: 'permission',
    listName: 'Permission',
    label: 'Permission',
    input: permissionBody,
    deletion: 'soft',
    unique: ['name'],
    search: ['name'],
    sortable: ['name', 'createdAt'],
    titleField: 'name',
  },
} satisfies Record<string, ResourceContract>;

export { dateOnly };
