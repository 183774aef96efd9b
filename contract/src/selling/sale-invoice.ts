import { z } from 'zod';
import { transactionOut } from '../accounting/transactions.ts';
import { out, recordOut } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { billToOut, invoiceBillOut } from '../invoice-bill.ts';
import { idListFilter } from '../list-query.ts';
import { paymentStatuses } from '../payment-status.ts';
import { saleInvoiceInput, saleOrderInput, salePaymentBody, saleStatusInput } from './sale-input.ts';
import { saleLifecycle, saleOrderStatuses } from './sale-lifecycle.ts';
import { saleReturnDetailOut } from './sale-return.ts';

/** What the ledger says about one sale (reference 3.4): total with VAT, paid, returned, refunded, due. */
const derived = {
  paidAmount: out.money,
  dueAmount: out.money,
  returnAmount: out.money,
  instantPaidReturnAmount: out.money,
  /** Paid, Partly paid, Unpaid or Undone (`paymentStatus`). */
  paymentStatus: z.enum(paymentStatuses),
};

/** Who a sale went to: the username, and the name a person knows them by. */
export const saleCustomerOut = z.object({
  id: out.id,
  username: out.optionalText,
  firstName: out.optionalText,
  lastName: out.optionalText,
});

export const saleInvoiceOut = z.object({
  ...recordOut,
  /** The invoice number (gap-free, in the order sales completed); null while the sale is held or when it was cancelled held. */
  number: out.optionalId,
  date: out.date,
  state: z.enum(saleLifecycle.states),
  /** 'true' while the sale is held (a parked cart), as the reference's flag says it; the state says the rest. */
  isHold: out.status,
  customerId: out.id,
  userId: out.id,
  /** Σ line net, before VAT. */
  totalAmount: out.money,
  totalTaxAmount: out.money,
  /** The line discounts and the sale's discount. */
  totalDiscountAmount: out.money,
  /** The discount on the whole sale, before VAT (each line's share is its saleDiscount). */
  saleDiscount: out.money,
  /** Sent only to a role holding `costPermission`. */
  profit: out.money.optional(),
  note: out.optionalText,
  invoiceMemoNo: out.optionalText,
  dueDate: out.date.nullable(),
  termsAndConditions: out.optionalText,
  address: out.optionalText,
  orderStatus: z.enum(saleOrderStatuses),
  customer: saleCustomerOut,
  user: z.object({ id: out.id, username: out.text }),
  /** Issue 33: the till's reference for a sale it made (printed on its receipt), and the device's time it was sold at. */
  receiptReference: out.optionalText.optional(),
  soldAt: out.timestamp.nullable().optional(),
  /** true: it arrived after its session had closed and was posted into that session (counted apart in its Z). */
  late: z.boolean().optional(),
  ...derived,
});
export type SaleInvoice = z.infer<typeof saleInvoiceOut>;

export const saleLineOut = z.object({
  id: out.id,
  /** The sale the line belongs to. */
  invoiceId: out.id,
  productId: out.id,
  /** The variant sold, when the product has variants. */
  productVariantId: out.optionalId.optional(),
  productQuantity: out.int,
  productUnitSalePrice: out.money,
  productDiscount: out.money,
  /** The line's share of the sale's discount, before VAT. */
  saleDiscount: out.money,
  /** quantity × unit price − productDiscount − saleDiscount, before VAT. */
  productFinalAmount: out.money,
  tax: out.money,
  taxAmount: out.money,
  /** Already brought back by the customer (sale returns). */
  returnedQuantity: out.int,
  /** true: sold while its stock went below zero (issue 33: an offline till's sale posted after the stock ran out). */
  oversold: z.boolean().optional(),
  product: z.object({ id: out.id, name: out.text, sku: out.text }),
  /** The variant sold, by its SKU (what the receipt prints beside the product's name); null for a product without. */
  variant: z.object({ id: out.id, sku: out.text }).nullable().optional(),
});

export const saleTransactionOut = z.object({
  ...recordOut,
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
  /** The invoice's figures, which add up: goods − discount = total (a till sale has no coupon or delivery). */
  bill: invoiceBillOut,
  /** The customer the invoice names and their address. */
  billTo: billToOut,
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
  customer: saleCustomerOut,
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
  /** The sale whose invoice number is `:id` (the number on the receipt and its barcode), as `get` answers it. */
  getByNumber: endpoint({
    method: 'GET',
    path: 'sale-invoice/number/:id',
    access: 'readSingle-saleInvoice',
    answer: saleInvoiceDetailOut,
  }),
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
  /** Cancels a held sale (status 'false'), or sets a completed sale's order status. */
  cancel: endpoint({
    method: 'PATCH',
    path: 'sale-invoice/order',
    access: 'update-saleInvoice',
    body: saleOrderInput,
    answer: z.object({
      message: out.text,
      id: out.id,
      state: z.enum(saleLifecycle.states),
      status: out.status,
      orderStatus: z.enum(saleOrderStatuses),
    }),
  }),
};

/** Customer payments against a sale's due. */
export const salePaymentEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'payment-sale-invoice',
    access: 'create-paymentSaleInvoice',
    body: salePaymentBody,
    answer: z.object({
      message: out.text,
      saleInvoiceNo: out.id,
      date: out.date,
      amount: out.money,
      dueAmount: out.money,
      /** The last ledger row posted, its amount the total paid (reference 3.5, as a supplier payment answers). */
      transaction: transactionOut,
    }),
    status: 201,
  }),
  /** Money received from customers (at the till and later), newest first; undone sales left out. */
  list: endpoint({
    method: 'GET',
    path: 'payment-sale-invoice',
    access: 'readAll-paymentSaleInvoice',
    query: listQuery({
      // saleInvoiceNumber: the sale's invoice number, as a person types it
      filters: { saleInvoiceId: idListFilter.optional(), saleInvoiceNumber: idListFilter.optional(), customerId: idListFilter.optional() },
    }),
    answer: z.object({
      /** Each payment with its sale's invoice number. */
      getAllPaymentSaleInvoice: z.array(transactionOut.extend({ saleInvoiceNumber: out.optionalId })),
      totalPaymentSaleInvoice: out.int,
      aggregations: z.object({ _sum: z.object({ amount: out.money }) }),
    }),
  }),
};
