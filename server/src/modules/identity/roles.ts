import { builtInRoles, identityResources } from '@tillbook/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { conflict } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource-factory.ts';
import type { RouteDef } from '../../platform/route.ts';
import { permission, role, rolePermission } from '../../schema/index.ts';

const isBuiltIn = (name: unknown) => (builtInRoles as readonly unknown[]).includes(name);

/** Roles: plain records, plus their permissions on the single view and protection of the built-in ones. */
export function roleRoutes(ctx: AppContext): RouteDef[] {
  return defineResource(ctx, {
    contract: identityResources.role,
    table: role,
    single: async (db, id) => {
      const [row] = await db
        .select({ id: role.id, status: role.status, createdAt: role.createdAt, updatedAt: role.updatedAt, name: role.name })
        .from(role)
        .where(eq(role.id, id));
      if (!row) return undefined;
      const permissions = await db
        .select({ id: permission.id, name: permission.name })
        .from(rolePermission)
        .innerJoin(permission, eq(permission.id, rolePermission.permissionId))
        .where(eq(rolePermission.roleId, id))
        .orderBy(asc(permission.id));
      return { ...row, permissions };
    },
    // code and the seed find these roles by name: renaming or hiding them would break sign-in and the storefront
    beforeChange: (_tx, current, changes) => {
      if (!isBuiltIn(current.name)) return;
      if (changes.name !== undefined && changes.name !== current.name) {
        throw conflict(`The built-in role ${String(current.name)} cannot be renamed`, { name: 'built-in role' });
      }
      if (changes.status === false)
        throw conflict(`The built-in role ${String(current.name)} cannot be hidden`, { status: 'built-in role' });
    },
  }).routes;
}
