import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { customer } from '../../schema/index.ts';

/**
 * The name a shopper gives at checkout (asked when the account has none) is kept on the account, in the
 * order's transaction: the invoice names the person, not the username. Only the parts sent change.
 */
export async function keepShopperName(tx: DbOrTx, customerId: number, name: { firstName?: string | null; lastName?: string | null }) {
  const values = {
    ...(name.firstName ? { firstName: name.firstName } : {}),
    ...(name.lastName ? { lastName: name.lastName } : {}),
  };
  if (Object.keys(values).length > 0) await tx.update(customer).set(values).where(eq(customer.id, customerId));
}
