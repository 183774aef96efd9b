import { defaultSalaryPeriod, type SalaryPeriod, userEndpoints } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import { businessDate } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { caller, found, type RouteDef } from '../../platform/route.ts';
import { role, users } from '../../schema/index.ts';
import { hashPassword } from './passwords.ts';
import { revokeForSubject } from './refresh-tokens.ts';
import { registerUser } from './register-user.ts';
import { addPeriod, closeOpenPeriod, type HistoryKind, openPeriod } from './staff-history.ts';
import { listUsers, loadUserDetail, userColumns } from './user-read.ts';
import {
  assertAnotherSuperAdmin,
  assertAssignableRole,
  assertMayManage,
  assertMaySetPassword,
  assertPeriods,
  assertUniqueUser,
  lockUserWrites,
  superAdmin,
} from './user-rules.ts';

/**
 * A user update naming a designation or a salary: the history follows. The same value as the open row's
 * changes nothing; a new one closes the open row on the day before the change (its start date, else today)
 * and opens a new row, or corrects the open row when it began that same day; null ends the open row.
 */
async function followChange(
  tx: DbOrTx,
  kind: HistoryKind,
  userId: number,
  value: number | null | undefined,
  change: { startDate?: string | null; comment?: string | null; period?: SalaryPeriod },
  today: string,
) {
  if (value === undefined) return;
  const field = `${kind}StartDate`;
  const startDate = change.startDate ?? today;
  if (value === null) return closeOpenPeriod(tx, kind, userId, startDate, field);
  const open = await openPeriod(tx, kind, userId);
  const column = kind === 'designation' ? 'designationId' : 'salary';
  // a salary's period: the one sent, else the open row's (a new amount is paid per the same period)
  const period = kind === 'salary' ? { period: change.period ?? open?.period ?? defaultSalaryPeriod } : {};
  if (open && Number(open[column]) === value && (kind !== 'salary' || open.period === period.period)) return;
  await addPeriod(
    tx,
    kind,
    { userId, startDate, comment: change.comment, value: { [column]: value, ...period } },
    { names: { start: field, end: field }, sameDay: 'replace' },
  );
}

/** A salary period sent without an amount changes the open row's period: the open row's amount, if any. */
async function periodAlone(tx: DbOrTx, userId: number, period: SalaryPeriod | undefined): Promise<number | undefined> {
  if (!period) return undefined;
  const open = await openPeriod(tx, 'salary', userId);
  return open ? Number(open.salary) : undefined;
}

async function currentUser(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({ id: users.id, roleId: users.roleId, roleName: role.name, joinDate: users.joinDate, leaveDate: users.leaveDate })
    .from(users)
    .innerJoin(role, eq(role.id, users.roleId))
    .where(eq(users.id, id))
    .for('update', { of: users });
  return found(row, 'User');
}

/** Staff accounts: register, read, list, update and hide. */
export function userRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, userEndpoints.register, ({ body, req }) => registerUser(req.db, caller(req), body, ctx.config.clock)),
    implement(ctx, userEndpoints.list, ({ query }) => listUsers(ctx.db, query)),
    implement(ctx, userEndpoints.get, async ({ params }) =>
      found(await loadUserDetail(ctx.db, params.id, await businessDate(ctx.db, ctx.config.clock)), 'User'),
    ),
    implement(ctx, userEndpoints.update, async ({ params: { id }, body: changes, req }) => {
      const me = caller(req);
      if (Object.keys(changes).length === 0) throw badRequest('Nothing to update: send at least one field');
      const { password, designationStartDate, designationComment, salary, salaryPeriod, salaryStartDate, salaryComment, ...fields } =
        changes;
      const today = await businessDate(ctx.db, ctx.config.clock);
      const hashed = password ? await hashPassword(password) : undefined;
      return req.db.transaction(async (tx) => {
        await lockUserWrites(tx);
        const current = await currentUser(tx, id);
        assertMayManage(current.roleName, me.role);
        if (hashed) await assertMaySetPassword(tx, current, me);
        if (fields.roleId !== undefined && fields.roleId !== current.roleId) {
          await assertAssignableRole(tx, fields.roleId, me);
          if (current.roleName === superAdmin) await assertAnotherSuperAdmin(tx, id);
        }
        await assertUniqueUser(tx, fields, id);
        assertPeriods([
          [
            'leaveDate',
            fields.joinDate === undefined ? current.joinDate : fields.joinDate,
            fields.leaveDate === undefined ? current.leaveDate : fields.leaveDate,
          ],
        ]);
        const [row] = await tx
          .update(users)
          .set({ ...fields, ...(hashed ? { password: hashed } : {}), updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning(userColumns);
        // a new designation or salary closes the open history row and opens the next (staff-history.ts)
        await followChange(
          tx,
          'designation',
          id,
          fields.designationId,
          { startDate: designationStartDate, comment: designationComment },
          today,
        );
        await followChange(
          tx,
          'salary',
          id,
          salary !== undefined ? salary : await periodAlone(tx, id, salaryPeriod),
          { startDate: salaryStartDate, comment: salaryComment, period: salaryPeriod },
          today,
        );
        // a new password set by someone else (a reset after a leak) must end the sessions that exist
        if (hashed && id !== me.id) await revokeForSubject(tx, 'staff', id);
        return row!;
      });
    }),
    implement(ctx, userEndpoints.setStatus, async ({ params: { id }, body: { status }, req }) => {
      const me = caller(req);
      return req.db.transaction(async (tx) => {
        const current = await currentUser(tx, id);
        if (status === 'false' && id === me.id)
          throw conflict('You cannot hide your own account', { status: 'cannot hide your own account' });
        assertMayManage(current.roleName, me.role);
        const [row] = await tx
          .update(users)
          .set({ status: status === 'true' })
          .where(eq(users.id, id))
          .returning(userColumns);
        // the guard already refuses a hidden account's access token; this ends its refresh tokens too
        if (status === 'false') await revokeForSubject(tx, 'staff', id);
        return row!;
      });
    }),
  ];
}
