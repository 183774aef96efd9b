import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { customer, lead } from '../../schema/index.ts';
import { type CustomerFound, customerForPerson } from '../selling/index.ts';
import { lockLead } from './lead-write.ts';

/**
 * POST api/leads/{id}/convert: the lead's row is locked first, so two conversions at once take turns
 * and the second finds the lead converted (one customer). The customer is the one with the lead's
 * e-mail (any case), else a new one (selling's `customerForPerson`); the lead is marked converted,
 * linked to it, and its status becomes 'customer', all in the caller's transaction.
 */
export async function convertLead(tx: DbOrTx, id: number, publicUrl: string): Promise<CustomerFound & { already: boolean }> {
  const current = await lockLead(tx, id);
  if (current.isConverted && current.customerId !== null) {
    const [row] = await tx
      .select({ id: customer.id, username: customer.username, email: customer.email })
      .from(customer)
      .where(eq(customer.id, current.customerId));
    return { id: row!.id, username: row!.username ?? current.name, email: row!.email, linked: true, already: true };
  }
  const found = await customerForPerson(tx, { name: current.name, email: current.email, phone: current.phone }, publicUrl);
  await tx
    .update(lead)
    .set({ isConverted: true, customerId: found.id, leadStatus: 'customer', updatedAt: new Date() })
    .where(eq(lead.id, id));
  return { ...found, already: false };
}
