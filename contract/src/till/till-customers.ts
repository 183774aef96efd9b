import { z } from 'zod';
import { out } from '../answers.ts';

/** The customers a till keeps (issue 33), read in pages of those changed since a cursor, as the catalogue is. */
export const tillCustomersQuery = z.object({
  after: z.string().max(80, 'must be a cursor this answer gave').optional(),
  count: z.coerce.number({ error: 'must be a number' }).int().min(1).max(2000, 'must be at most 2000').default(500),
});

/** A customer as the till finds one offline: its name and contacts, and what it owed when last read. */
export const tillCustomerOut = z.object({
  id: out.id,
  name: out.text,
  phone: out.optionalText,
  email: out.optionalText,
  /** What the customer owed on its sales when it was read (the till's "last known due"). */
  due: out.money,
  /** false: no longer a customer the till sells to (the copy drops it). */
  active: z.boolean(),
});
export type TillCustomer = z.infer<typeof tillCustomerOut>;

export const tillCustomersOut = z.object({
  customers: z.array(tillCustomerOut),
  cursor: out.text,
  more: z.boolean(),
});
export type TillCustomers = z.infer<typeof tillCustomersOut>;
