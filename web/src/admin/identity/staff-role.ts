import { identityResources } from '@tillbook/contract';
import type { RefSource } from '../../ui/resource/fields.ts';
import { refTo } from '../../ui/resource/screen-from-contract.ts';

/**
 * A staff member's role: any role but the storefront customers' one, which the server refuses for a
 * user ("is the storefront customers' role; choose a staff role"), so the forms do not offer it.
 */
export const staffRole: RefSource = { ...refTo(identityResources.role), hidden: (row) => row.name === 'customer' };
