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

/** A customer's figures on one channel (till: sale invoices; web: orders). */
const partyBalanceOut = z.object({
  totalAmount: out.money,
  totalPaidAmount: out.money,
  totalReturnAmount: out.money,
  instantPaidReturnAmount: out.money,
  dueAmount: out.money,
});

/** One web order on a customer's statement (a shopper is a customer), with the figures it keeps from the ledger. */
export const statementOrderOut = z.object({
  ...recordOut,
  customerId: out.id,
  date: out.date,
  orderStatus: out.text,
  /** Goods − coupon + delivery fee, with VAT. */
  totalAmount: out.money,
  totalVatAmount: out.money,
  couponAmount: out.money,
  deliveryFee: out.money,
  paidAmount: out.money,
  dueAmount: out.money,
});

/**
 * GET customer/{id}: the customer with its statement (reference 3.14): the five figures and the counts over
 * every completed sale and every web order not cancelled (the shopper's orders are theirs) and their returns
 * (a web return once its goods came back), with `channels` splitting them into till and web; the newest
 * `statementRowLimit` sales, returns, web orders and ledger entries.
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
  /** The five figures above on each channel: they add up to them. */
  channels: z.object({ till: partyBalanceOut, web: partyBalanceOut }),
  /** How many completed sales and returns the customer has (all of them, not only the rows listed). */
  totalSaleInvoice: out.int,
  totalReturnSaleInvoice: out.int,
  /** How many web orders (not cancelled) and web returns whose goods came back. */
  totalCartOrder: out.int,
  totalReturnCartOrder: out.int,
  /** The newest completed sales, newest first. */
  saleInvoice: z.array(statementSaleOut),
  /** The newest returns of those sales, newest first. */
  returnSaleInvoice: z.array(saleReturnDetailOut),
  /** The newest web orders (not cancelled), newest first. */
  cartOrder: z.array(statementOrderOut),
  /** The newest live ledger entries of the sales, the orders and their returns, newest first. */
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
