import { z } from 'zod';
import { dateOnly, email, id, money, optionalDate, optionalEmail, optionalId, optionalText, requiredText } from './fields.ts';

export const loginBody = z.object({
  username: requiredText(120),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(200),
});

export interface LoginAnswer {
  token: string;
  role: string;
  roleId: number;
  id: number;
  email: string | null;
  firstName: string;
  lastName: string;
  username: string;
}

export const password = z.string({ error: 'is required' }).min(8, 'must be at least 8 characters').max(200);

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
  salaryStartDate: optionalDate,
  salaryEndDate: optionalDate,
  salaryComment: optionalText(500),
});

export const updateUserBody = z.object({ ...userFields, password: password.optional() }).partial();

export const roleBody = z.object({ name: requiredText(60) });
export const rolesBody = z.array(roleBody).min(1, 'must hold at least one role');
export const permissionBody = z.object({ name: requiredText(80) });
export const rolePermissionBody = z.object({
  roleId: id,
  permissionId: z.array(id).max(2000),
});

export const customerLoginBody = z.object({ email, password: z.string().min(1, 'is required') });
export { dateOnly };
