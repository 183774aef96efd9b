import { permissionName, rolePermissionEndpoints } from '@tillbook/contract';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { auditChange } from '../../platform/audit-trail.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { conflict, fieldError, forbidden } from '../../platform/errors.ts';
import { roleHasPermission } from '../../platform/guard.ts';
import { caller, found, type RouteDef } from '../../platform/route.ts';
import { permission, role, rolePermission } from '../../schema/index.ts';
import { grantsOf, superAdmin } from './user-rules.ts';

/** Names of the permissions a role holds; only active ones when `activeOnly`, as the guard counts them. */
async function namesOf(db: DbOrTx, roleId: number, activeOnly: boolean) {
  const rows = await db
    .select({ name: permission.name })
    .from(rolePermission)
    .innerJoin(permission, eq(permission.id, rolePermission.permissionId))
    .where(and(eq(rolePermission.roleId, roleId), activeOnly ? eq(permission.status, true) : undefined))
    .orderBy(asc(permission.id));
  return rows.map((r) => r.name);
}

/**
 * No self-escalation: a staff member may give a role only permissions their own role holds (a
 * super-admin may give any). Permissions the role already has may stay; taking them away is allowed.
 * Both sides count every grant, active or not (see `grantsOf`).
 */
async function assertMayGrant(tx: DbOrTx, callerRoleId: number, targetRoleId: number, wanted: number[]): Promise<void> {
  if (!wanted.length) return;
  const refused = await tx
    .select({ name: permission.name })
    .from(permission)
    .where(
      and(
        inArray(permission.id, wanted),
        notInArray(permission.id, grantsOf(tx, callerRoleId)),
        notInArray(permission.id, grantsOf(tx, targetRoleId)),
      ),
    )
    .orderBy(asc(permission.id));
  if (refused.length) {
    const names = refused.map((r) => r.name).join(', ');
    throw forbidden(`You may only grant permissions your own role holds; it does not hold ${names}`);
  }
}

/** What a role may do: read by the web app after sign-in, and set as a whole by the role screen. */
export function rolePermissionRoutes(ctx: AppContext): RouteDef[] {
  return [
    // every staff member needs their own role's set to draw the menu; other roles' sets need the permission
    implement(ctx, rolePermissionEndpoints.read, async ({ query: { roleId }, req }) => {
      const me = caller(req);
      if (roleId !== me.roleId && !(await roleHasPermission(ctx.db, me.roleId, permissionName('readAll', 'rolePermission')))) {
        throw forbidden("You may only read your own role's permissions");
      }
      const [row] = await ctx.db.select({ id: role.id }).from(role).where(eq(role.id, roleId));
      found(row, 'Role');
      const permissions = await namesOf(ctx.db, roleId, true);
      return { permissions, totalPermissions: permissions.length };
    }),
    implement(ctx, rolePermissionEndpoints.replace, async ({ body, req }) => {
      const me = caller(req);
      const wanted = [...new Set(body.permissionId)];
      return req.db.transaction(async (tx) => {
        // the row lock makes two concurrent replacements of one role's set run one after the other
        const [row] = await tx.select({ id: role.id, name: role.name }).from(role).where(eq(role.id, body.roleId)).for('update');
        const target = found(row, 'Role');
        if (target.name === superAdmin) {
          throw conflict('The super-admin role always holds every permission', { roleId: 'is the super-admin role' });
        }
        const known = wanted.length ? await tx.select({ id: permission.id }).from(permission).where(inArray(permission.id, wanted)) : [];
        const unknown = wanted.filter((id) => !known.some((k) => k.id === id));
        if (unknown.length) throw fieldError('permissionId', `hold ids that do not exist: ${unknown.join(', ')}`);
        if (me.role !== superAdmin) await assertMayGrant(tx, me.roleId, target.id, wanted);
        const before = await namesOf(tx, target.id, false);
        await tx
          .delete(rolePermission)
          .where(and(eq(rolePermission.roleId, target.id), wanted.length ? notInArray(rolePermission.permissionId, wanted) : undefined));
        if (wanted.length) {
          await tx
            .insert(rolePermission)
            .values(wanted.map((permissionId) => ({ roleId: target.id, permissionId })))
            .onConflictDoNothing();
        }
        const after = await namesOf(tx, target.id, false);
        // the set is one change of the role in its history (issue 34), however many links it adds and removes
        const same = before.length === after.length && before.every((name, i) => name === after[i]);
        if (!same) await auditChange(tx, 'role', target.id, [{ field: 'permissions', old: before, new: after }]);
        return { roleId: target.id, permissions: after };
      });
    }),
  ];
}
