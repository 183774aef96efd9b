import { z } from 'zod';
import { transactionOut } from '../accounting/transactions.ts';
import { out } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { idListFilter } from '../list-query.ts';
import { holdCancelInput, saleInvoiceInput, salePaymentBody, saleStatusInput } from './sale-input.ts';
import { saleLifecycle } from './sale-lifecycle.ts';
import { saleReturnDetailOut } from './sale-return.ts';

/** What the ledger says about one sale (reference 3.4): total with VAT, paid, returned, refunded, due. */
const derived = {
  paidAmount: out.money,
  dueAmount: out.money,
  returnAmount: out.money,
  instantPaidReturnAmount: out.money,
};

export const saleInvoiceOut = z.object({
  id: out.id,
  date: out.date,
  state: z.enum(saleLifecycle.states),
  status: out.status,
  customerId: out.id,
  userId: out.id,
  /** Σ line net, before VAT. */
  totalAmount: out.money,
  totalTaxAmount: out.money,
  totalDiscountAmount: out.money,
  /** Sent only to a role holding `costPermission`. */
  profit: out.money.optional(),
  note: out.optionalText,
  createdAt: out.timestamp,
  customer: z.object({ id: out.id, username: out.optionalText }),
  user: z.object({ id: out.id, username: out.text }),
  ...derived,
});
export type SaleInvoice = z.infer<typeof saleInvoiceOut>;

export const saleLineOut = z.object({
  id: out.id,
  productId: out.id,
  productQuantity: out.int,
  productUnitSalePrice: out.money,
  productDiscount: out.money,
  productFinalAmount: out.money,
  tax: out.money,
  taxAmount: out.money,
  /** Already brought back by the customer (sale returns). */
  returnedQuantity: out.int,
  product: z.object({ id: out.id, name: out.text, sku: out.text }),
});

export const saleTransactionOut = z.object({
  id: out.id,
  date: out.date,
  debitId: out.id,
  creditId: out.id,
  debit: out.text,
  credit: out.text,
  amount: out.money,
  particulars: out.text,
  type: out.text,
});

export const saleInvoiceDetailOut = z.object({
  status: z.enum(['PAID', 'UNPAID']),
  totalAmount: out.money,
  totalPaidAmount: out.money,
  totalReturnAmount: out.money,
  instantPaidReturnAmount: out.money,
  dueAmount: out.money,
  singleSaleInvoice: saleInvoiceOut.extend({ saleInvoiceProduct: z.array(saleLineOut) }),
  returnSaleInvoice: z.array(saleReturnDetailOut),
  transactions: z.array(saleTransactionOut),
});

const aggregations = z.object({
  _count: z.object({ id: out.int }),
  _sum: z.object({
    totalAmount: out.money,
    totalTaxAmount: out.money,
    totalDiscountAmount: out.money,
    paidAmount: out.money,
    dueAmount: out.money,
    totalReturnAmount: out.money,
    instantPaidReturnAmount: out.money,
    /** Sent only to a role holding `costPermission`. */
    profit: out.money.optional(),
  }),
});

const createdOut = z.object({
  createdInvoice: saleInvoiceOut.extend({ saleInvoiceProduct: z.array(saleLineOut) }),
  customer: z.object({ id: out.id, username: out.optionalText }),
  /** Cash handed back when the cash tendered exceeds what was left to pay. */
  change: out.money,
  message: out.text,
});

/** One day of the list's range: its completed sales' count and Σ net (before VAT). */
export const saleGraphPointOut = z.object({ date: out.date, count: out.int, totalAmount: out.money });

export const saleListOut = z.object({
  getAllSaleInvoice: z.array(saleInvoiceOut),
  totalSaleInvoice: out.int,
  aggregations,
  /** Per-day sales of the filtered range (the list, not `query=info`), oldest first. */
  graphData: z.array(saleGraphPointOut).optional(),
});

const saleFilters = { customerId: idListFilter.optional(), salePersonId: idListFilter.optional() };

/** The till's sales: created complete, listed with ledger-derived figures, undone once by PATCH {status: 'false'}. */
export const saleEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'sale-invoice',
    access: 'create-saleInvoice',
    body: saleInvoiceInput,
    answer: createdOut,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: 'sale-invoice',
    access: 'readAll-saleInvoice',
    /** `query=info`: the aggregations over all time (no rows). */
    query: listQuery({ sortable: ['date', 'id'], filters: saleFilters, modes: ['info'] }),
    answer: saleListOut,
  }),
  get: endpoint({ method: 'GET', path: 'sale-invoice/:id', access: 'readSingle-saleInvoice', answer: saleInvoiceDetailOut }),
  listOfCustomer: endpoint({
    method: 'GET',
    path: 'sale-invoice/customer/:id',
    access: 'readAll-saleInvoice',
    query: listQuery({ sortable: ['date', 'id'] }),
    answer: saleListOut,
  }),
  listMine: endpoint({
    method: 'GET',
    path: 'sale-invoice/customer',
    access: 'customer',
    query: listQuery({ sortable: ['date', 'id'] }),
    answer: saleListOut,
  }),
  undo: endpoint({
    method: 'PATCH',
    path: 'sale-invoice/:id',
    access: 'update-saleInvoice',
    body: saleStatusInput,
    answer: z.object({ message: out.text, id: out.id, state: z.enum(saleLifecycle.states), status: out.status }),
  }),
};

/** Held sales (parked carts): listed apart, resumed, completed once, or cancelled (reference 3.6). */
export const holdEndpoints = {
  list: endpoint({
    method: 'GET',
    path: 'sale-invoice/hold',
    access: 'readAll-saleInvoice',
    query: listQuery(),
    answer: z.object({ allHoldInvoice: z.array(saleInvoiceOut), _count: z.object({ id: out.int }) }),
  }),
  get: endpoint({
    method: 'GET',
    path: 'sale-invoice/hold/:id',
    access: 'readSingle-saleInvoice',
    answer: saleInvoiceOut.extend({ saleInvoiceProduct: z.array(saleLineOut) }),
  }),
  complete: endpoint({
    method: 'PUT',
    path: 'sale-invoice/hold/:id',
    access: 'update-saleInvoice',
    body: saleInvoiceInput,
    answer: createdOut,
  }),
  cancel: endpoint({
    method: 'PATCH',
    path: 'sale-invoice/order',
    access: 'update-saleInvoice',
    body: holdCancelInput,
    answer: z.object({ message: out.text, id: out.id, state: z.enum(saleLifecycle.states), status: out.status }),
  }),
};

/** Customer payments against a sale's due. */
export const salePaymentEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'payment-sale-invoice',
    access: 'create-paymentSaleInvoice',
    body: salePaymentBody,
    answer: z.object({ message: out.text, saleInvoiceNo: out.id, date: out.date, amount: out.money, dueAmount: out.money }),
    status: 201,
  }),
  /** Money received from customers (at the till and later), newest first; undone sales left out. */
  list: endpoint({
    method: 'GET',
    path: 'payment-sale-invoice',
    access: 'readAll-paymentSaleInvoice',
    query: listQuery({ filters: { saleInvoiceId: idListFilter.optional(), customerId: idListFilter.optional() } }),
    answer: z.object({
      getAllPaymentSaleInvoice: z.array(transactionOut),
      totalPaymentSaleInvoice: out.int,
      aggregations: z.object({ _sum: z.object({ amount: out.money }) }),
    }),
  }),
};
