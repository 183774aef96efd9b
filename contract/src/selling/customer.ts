import { z } from 'zod';
import { optionalEmail, optionalLines, optionalText, requiredText } from '../fields.ts';
import type { ResourceContract } from '../resources.ts';

/** The name of the customer a till sale goes to when none is chosen; the first start creates it. */
export const walkInCustomerName = 'Walk-in customer';

/** What staff send for a customer. No password: a customer sets theirs when they sign up or reset it. */
export const customerBody = z.object({
  username: requiredText(80),
  firstName: optionalText(60),
  lastName: optionalText(60),
  email: optionalEmail,
  phone: optionalText(40),
  address: optionalLines(300),
});

/** Customers on the staff side: a plain record list with statements (the storefront's own calls come later). */
export const customerContract = {
  path: 'customer',
  entity: 'customer',
  listName: 'Customer',
  label: 'Customer',
  labels: { email: 'E-mail' },
  input: customerBody,
  deletion: 'soft',
  unique: ['email'],
  search: ['username', 'phone', 'email', 'address'],
  sortable: ['username', 'createdAt'],
  titleField: 'username',
} satisfies ResourceContract;

/** A customer's or all customers' figures over their sale invoices, derived from the ledger (reference 3.4, 3.14). */
export interface PartyBalance {
  totalAmount: number;
  totalPaidAmount: number;
  totalReturnAmount: number;
  instantPaidReturnAmount: number;
  dueAmount: number;
}
