import { walkInCustomerName } from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db.ts';
import * as s from '../schema/index.ts';

/** The till's default customer: created once, when no customer of that name exists. */
export async function seedWalkInCustomer(tx: DbOrTx, customerRoleId: number): Promise<void> {
  const [walkIn] = await tx.select({ id: s.customer.id }).from(s.customer).where(eq(s.customer.username, walkInCustomerName)).limit(1);
  if (!walkIn) await tx.insert(s.customer).values({ username: walkInCustomerName, firstName: 'Walk-in', roleId: customerRoleId });
}
