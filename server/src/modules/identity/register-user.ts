import type { registerUserBody } from '@tillbook/contract';
import type { z } from 'zod';
import { businessDate, type Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { designationHistory, salaryHistory, users } from '../../schema/index.ts';
import { hashPassword } from './passwords.ts';
import { userColumns } from './user-read.ts';
import { assertAssignableRole, assertPeriods, assertUniqueUser, lockUserWrites } from './user-rules.ts';

export type RegisterUserInput = z.infer<typeof registerUserBody>;

/**
 * Creates a staff account with its first designation and salary history rows, all or nothing.
 * A history row's start defaults to its own start date, else the join date, else today in the shop.
 */
export async function registerUser(db: Db, by: { role: string; roleId: number }, input: RegisterUserInput, clock: Clock) {
  const {
    password,
    designationStartDate,
    designationEndDate,
    designationComment,
    salary,
    salaryPeriod,
    salaryStartDate,
    salaryEndDate,
    salaryComment,
    ...fields
  } = input;
  const today = await businessDate(db, clock);
  const designationStart = designationStartDate ?? fields.joinDate ?? today;
  const salaryStart = salaryStartDate ?? fields.joinDate ?? today;
  assertPeriods([
    ['leaveDate', fields.joinDate, fields.leaveDate],
    ['designationEndDate', fields.designationId ? designationStart : null, designationEndDate],
    ['salaryEndDate', salary != null ? salaryStart : null, salaryEndDate],
  ]);
  // hashing is slow on purpose: do it before taking the lock
  const hashed = await hashPassword(password);
  return db.transaction(async (tx) => {
    await lockUserWrites(tx);
    await assertAssignableRole(tx, fields.roleId, by);
    await assertUniqueUser(tx, fields);
    const [user] = await tx
      .insert(users)
      .values({ ...fields, password: hashed })
      .returning(userColumns);
    if (fields.designationId) {
      await tx.insert(designationHistory).values({
        userId: user!.id,
        designationId: fields.designationId,
        startDate: designationStart,
        endDate: designationEndDate,
        comment: designationComment,
      });
    }
    if (salary != null) {
      await tx
        .insert(salaryHistory)
        .values({ userId: user!.id, salary, period: salaryPeriod, startDate: salaryStart, endDate: salaryEndDate, comment: salaryComment });
    }
    return user!;
  });
}
