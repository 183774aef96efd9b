import { registerUserBody, statusBody, updateUserBody } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { caller, found, idParam, parseBody, type RouteDef } from '../../platform/route.ts';
import { toWire } from '../../platform/wire.ts';
import { role, users } from '../../schema/index.ts';
import { hashPassword } from './passwords.ts';
import { revokeForSubject } from './refresh-tokens.ts';
import { registerUser } from './register-user.ts';
import { listUsers, loadUserDetail, userColumns } from './user-read.ts';
import {
  assertAnotherSuperAdmin, assertAssignableRole, assertMayManage, assertPeriods, assertUniqueUser, lockUserWrites, superAdmin,
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
    {
      method: 'POST', url: '/user/register', access: 'create-user',
      handler: async (req, reply) => {
        const user = await registerUser(ctx.db, caller(req).role, parseBody(registerUserBody, req.body), ctx.config.clock);
        reply.code(201);
        return toWire(user);
      },
    },
    {
      method: 'GET', url: '/user', access: 'readAll-user',
      handler: (req) => listUsers(ctx.db, req.query),
    },
    {
      method: 'GET', url: '/user/:id', access: 'readSingle-user',
      handler: async (req) => found(await loadUserDetail(ctx.db, idParam(req)), 'User'),
    },
    {
      method: 'PUT', url: '/user/:id', access: 'update-user',
      handler: async (req) => {
        const id = idParam(req);
        const me = caller(req);
        const changes = parseBody(updateUserBody, req.body);
        if (Object.keys(changes).length === 0) throw badRequest('Nothing to update: send at least one field');
        const { password, ...fields } = changes;
        const hashed = password ? await hashPassword(password) : undefined;
        const user = await ctx.db.transaction(async (tx) => {
          await lockUserWrites(tx);
          const current = await currentUser(tx, id);
          assertMayManage(current.roleName, me.role);
          if (fields.roleId !== undefined && fields.roleId !== current.roleId) {
            await assertAssignableRole(tx, fields.roleId, me.role);
            if (current.roleName === superAdmin) await assertAnotherSuperAdmin(tx, id);
          }
          await assertUniqueUser(tx, fields, id);
          assertPeriods([['leaveDate', fields.joinDate === undefined ? current.joinDate : fields.joinDate, fields.leaveDate === undefined ? current.leaveDate : fields.leaveDate]]);
          const [row] = await tx.update(users).set({ ...fields, ...(hashed ? { password: hashed } : {}) }).where(eq(users.id, id)).returning(userColumns);
          // a new password set by someone else (a reset after a leak) must end the sessions that exist
          if (hashed && id !== me.id) await revokeForSubject(tx, 'staff', id);
          return row!;
        });
        return toWire(user);
      },
    },
    {
      method: 'PATCH', url: '/user/:id', access: 'delete-user',
      handler: async (req) => {
        const id = idParam(req);
        const me = caller(req);
        const { status } = parseBody(statusBody, req.body);
        const user = await ctx.db.transaction(async (tx) => {
          const current = await currentUser(tx, id);
          if (status === 'false' && id === me.id) throw conflict('You cannot hide your own account', { status: 'cannot hide your own account' });
          assertMayManage(current.roleName, me.role);
          const [row] = await tx.update(users).set({ status: status === 'true' }).where(eq(users.id, id)).returning(userColumns);
          // the guard already refuses a hidden account's access token; this ends its refresh tokens too
          if (status === 'false') await revokeForSubject(tx, 'staff', id);
          return row!;
        });
        return toWire(user);
      },
    },
  ];
}
