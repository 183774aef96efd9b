import { identityResources, permissionName } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { conflict, forbidden } from '../../platform/errors.ts';
import { defineResource } from '../../platform/resource-factory.ts';
import type { RouteDef } from '../../platform/route.ts';
import { permission } from '../../schema/index.ts';
import { superAdmin } from './user-rules.ts';

/** Hiding it would leave nobody able to un-hide any permission again. */
const unhideable = permissionName('delete', 'permission');

/**
 * The permission catalogue: seeded from the contract, so no create. Routes check permissions by
 * name, so a rename would silently disable a route (and the next start would re-add the old name
 * without grants): names are fixed. Hiding a permission disables it for every role, and showing it
 * again gives it back to every role that holds it: only a super-admin may do either (a role that
 * could hide a stronger role's grants could take that role and show them again).
 */
export function permissionRoutes(ctx: AppContext): RouteDef[] {
  return defineResource(ctx, {
    contract: identityResources.permission,
    table: permission,
    omit: ['create'],
    beforeChange: (_tx, current, changes, by) => {
      if (changes.status !== undefined && by.role !== superAdmin) {
        throw forbidden('Only a super-admin can switch a permission off or on');
      }
      if (changes.name !== undefined && changes.name !== current.name) {
        throw conflict('Permission names are fixed by the product and cannot be changed', { name: 'cannot be changed' });
      }
      if (changes.status === false && current.name === unhideable) {
        throw conflict(`${unhideable} cannot be hidden: nobody could show a permission again`, { status: 'cannot be hidden' });
      }
    },
  }).routes;
}
