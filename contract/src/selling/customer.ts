import { z } from 'zod';
import { transactionOut } from '../accounting/transactions.ts';
import { out, recordOut, statementListing } from '../answers.ts';
import { optionalEmail, optionalLines, optionalText, requiredText } from '../fields.ts';
import type { ResourceContract } from '../resources.ts';
import { saleReturnDetailOut } from './sale-return.ts';

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

/** One sale on a customer's statement, with what the ledger derives for it. */
export const statementSaleOut = z.object({
  ...recordOut,
  /** The customer the sale went to. */
  customerId: out.id,
  /** The invoice number. */
  number: out.optionalId,
  date: out.date,
  totalAmount: out.money,
  totalTaxAmount: out.money,
  totalDiscountAmount: out.money,
  paidAmount: out.money,
  dueAmount: out.money,
  returnAmount: out.money,
});

/**
 * GET customer/{id}: the customer with its statement (reference 3.14): the five figures and the counts over
 * every completed sale and its returns; the newest `statementRowLimit` sales, returns and ledger entries.
 */
export const customerDetailOut = z.object({
  ...recordOut,
  username: out.optionalText,
  firstName: out.optionalText,
  lastName: out.optionalText,
  email: out.optionalText,
  phone: out.optionalText,
  address: out.optionalText,
  totalAmount: out.money,
  totalPaidAmount: out.money,
  totalReturnAmount: out.money,
  instantPaidReturnAmount: out.money,
  dueAmount: out.money,
  /** How many completed sales and returns the customer has (all of them, not only the rows listed). */
  totalSaleInvoice: out.int,
  totalReturnSaleInvoice: out.int,
  /** The newest completed sales, newest first. */
  saleInvoice: z.array(statementSaleOut),
  /** The newest returns of those sales, newest first. */
  returnSaleInvoice: z.array(saleReturnDetailOut),
  /** The newest live ledger entries of the sales and their returns, newest first. */
  allTransaction: z.array(transactionOut),
  ...statementListing,
});
export type CustomerDetail = z.infer<typeof customerDetailOut>;

/** The name a customer is shown by on invoices and lists: first and last name, else the username. */
export function customerName(c: { username?: string | null; firstName?: string | null; lastName?: string | null }): string {
  const name = [c.firstName, c.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || c.username || '';
}
