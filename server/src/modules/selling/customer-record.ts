import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { customer, role } from '../../schema/index.ts';
import { enqueueWelcome } from './customer-welcome.ts';

/** The customers' role, which every customer account holds. */
export async function customerRoleId(tx: DbOrTx): Promise<number> {
  const [row] = await tx.select({ id: role.id }).from(role).where(eq(role.name, 'customer'));
  return row!.id;
}

/**
 * Writers of customers take turns on this lock (the resource factory's unique lock on the table), so
 * an e-mail checked free stays free until the writer commits (e-mails are unique whatever their case).
 */
export const lockCustomerWrites = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'unique:customer'}))`);

export interface PersonForCustomer {
  name: string;
  email: string | null;
  phone: string | null;
}

export interface CustomerFound {
  id: number;
  username: string;
  email: string | null;
  /** True when an existing customer (same e-mail, any case) was found; false when one was made. */
  linked: boolean;
}

/**
 * The customer a person (a lead being converted) becomes: the customer with the same e-mail in any
 * case, else a new one made as staff make customers (the customers' role, no password, the welcome
 * mail without a password when there is an e-mail), under the customer table's write lock.
 */
export async function customerForPerson(tx: DbOrTx, person: PersonForCustomer, publicUrl: string): Promise<CustomerFound> {
  await lockCustomerWrites(tx);
  if (person.email) {
    const [same] = await tx
      .select({ id: customer.id, username: customer.username, email: customer.email })
      .from(customer)
      .where(eq(sql`lower(${customer.email})`, person.email.toLowerCase()))
      .limit(1);
    if (same) return { id: same.id, username: same.username ?? person.name, email: same.email, linked: true };
  }
  const [made] = await tx
    .insert(customer)
    .values({ username: person.name, email: person.email, phone: person.phone, roleId: await customerRoleId(tx) })
    .returning({ id: customer.id, username: customer.username, email: customer.email });
  if (made!.email) await enqueueWelcome(tx, { email: made!.email, username: made!.username }, publicUrl);
  return { id: made!.id, username: made!.username ?? person.name, email: made!.email, linked: false };
}
