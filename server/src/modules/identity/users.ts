import { userEndpoints } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { caller, found, type RouteDef } from '../../platform/route.ts';
import { role, users } from '../../schema/index.ts';
import { hashPassword } from './passwords.ts';
import { revokeForSubject } from './refresh-tokens.ts';
import { registerUser } from './register-user.ts';
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
    implement(ctx, userEndpoints.register, ({ body, req }) => registerUser(ctx.db, caller(req), body, ctx.config.clock)),
    implement(ctx, userEndpoints.list, ({ query }) => listUsers(ctx.db, query)),
    implement(ctx, userEndpoints.get, async ({ params }) => found(await loadUserDetail(ctx.db, params.id), 'User')),
    implement(ctx, userEndpoints.update, async ({ params: { id }, body: changes, req }) => {
      const me = caller(req);
      if (Object.keys(changes).length === 0) throw badRequest('Nothing to update: send at least one field');
      const { password, ...fields } = changes;
      const hashed = password ? await hashPassword(password) : undefined;
      return ctx.db.transaction(async (tx) => {
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
          .set({ ...fields, ...(hashed ? { password: hashed } : {}) })
          .where(eq(users.id, id))
          .returning(userColumns);
        // a new password set by someone else (a reset after a leak) must end the sessions that exist
        if (hashed && id !== me.id) await revokeForSubject(tx, 'staff', id);
        return row!;
      });
    }),
    implement(ctx, userEndpoints.setStatus, async ({ params: { id }, body: { status }, req }) => {
      const me = caller(req);
      return ctx.db.transaction(async (tx) => {
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
