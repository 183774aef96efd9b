import { z } from 'zod';
import { transactionOut } from '../accounting/transactions.ts';
import { out, recordOut, statementListing } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { idListFilter } from '../list-query.ts';
import { paymentStatuses } from '../payment-status.ts';
import {
  purchaseInvoiceInput,
  purchaseLifecycle,
  purchasePaymentInput,
  purchaseStatusInput,
  returnPurchaseInput,
} from './purchase-input.ts';

/** What the ledger derives for one purchase invoice (reference 3.4, account Accounts Payable). */
export const derivedOut = {
  /** Bought with VAT: the purchase's credits to Accounts Payable. */
  totalAmount: out.money,
  totalPaidAmount: out.money,
  totalReturnAmount: out.money,
  instantPaidReturnAmount: out.money,
  dueAmount: out.money,
};

export const supplierRefOut = z.object({ id: out.id, name: out.text, phone: out.text });

export const purchaseHeaderOut = z.object({
  ...recordOut,
  /** The purchase's number in its gap-free series. */
  number: out.int,
  state: z.enum(purchaseLifecycle.states),
  date: out.date,
  supplierId: out.id,
  note: out.optionalText,
  supplierMemoNo: out.optionalText,
  invoiceMemoNo: out.optionalText,
  /** Σ quantity × unit cost, without VAT */
  totalAmount: out.money,
  totalTax: out.money,
  /** The ledger's figures, kept on the invoice (reference 3.4); `returnAmount` as on a sale's row */
  paidAmount: out.money,
  dueAmount: out.money,
  returnAmount: out.money,
  instantPaidReturnAmount: out.money,
  /** Paid, Partly paid, Unpaid or Undone (`paymentStatus`). */
  paymentStatus: z.enum(paymentStatuses),
  supplier: supplierRefOut,
});

export const purchaseLineOut = z.object({
  id: out.id,
  /** The purchase the line belongs to. */
  invoiceId: out.id,
  productId: out.id,
  productQuantity: out.int,
  productUnitPurchasePrice: out.money,
  productUnitSalePrice: out.money.nullable(),
  productFinalAmount: out.money,
  tax: out.money,
  taxAmount: out.money,
  /** Already returned to the supplier */
  returnedQuantity: out.int,
  product: z.object({ id: out.id, name: out.text, sku: out.text }),
});

export const returnLineOut = z.object({
  id: out.id,
  /** The return the line belongs to. */
  invoiceId: out.id,
  purchaseInvoiceProductId: out.id,
  productId: out.id,
  productQuantity: out.int,
  productUnitPurchasePrice: out.money,
  productFinalAmount: out.money,
  tax: out.money,
  taxAmount: out.money,
  product: z.object({ id: out.id, name: out.text, sku: out.text }),
});

export const purchaseReturnOut = z.object({
  ...recordOut,
  /** The return's number in its own gap-free series. */
  number: out.int,
  date: out.date,
  purchaseInvoiceId: out.id,
  /** The purchase's number. */
  purchaseInvoiceNumber: out.int,
  totalAmount: out.money,
  tax: out.money,
  instantReturnAmount: out.money,
  note: out.optionalText,
  invoiceMemoNo: out.optionalText,
});
export const purchaseReturnDetailOut = purchaseReturnOut.extend({ returnPurchaseInvoiceProduct: z.array(returnLineOut) });

export const purchaseDetailOut = z.object({
  status: z.enum(['PAID', 'UNPAID']),
  ...derivedOut,
  singlePurchaseInvoice: purchaseHeaderOut.extend({ purchaseInvoiceProduct: z.array(purchaseLineOut) }),
  returnPurchaseInvoice: z.array(purchaseReturnDetailOut),
  transactions: z.array(transactionOut),
});

const sums = z.object({
  totalAmount: out.money,
  paidAmount: out.money,
  dueAmount: out.money,
  totalReturnAmount: out.money,
  instantPaidReturnAmount: out.money,
});

/** Purchase invoices: bought in through moveStock, posted through post, undone once by PATCH {status: 'false'}. */
export const purchaseInvoiceEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'purchase-invoice',
    access: 'create-purchaseInvoice',
    body: purchaseInvoiceInput,
    answer: z.object({ createdInvoice: purchaseDetailOut.shape.singlePurchaseInvoice, supplier: supplierRefOut }),
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: 'purchase-invoice',
    access: 'readAll-purchaseInvoice',
    query: listQuery({ filters: { supplierId: idListFilter.optional() }, sortable: ['date', 'id'] }),
    answer: z.object({
      getAllPurchaseInvoice: z.array(purchaseHeaderOut),
      totalPurchaseInvoice: out.int,
      aggregations: z.object({ _count: z.object({ id: out.int }), _sum: sums }),
    }),
  }),
  get: endpoint({ method: 'GET', path: 'purchase-invoice/:id', access: 'readSingle-purchaseInvoice', answer: purchaseDetailOut }),
  undo: endpoint({
    method: 'PATCH',
    path: 'purchase-invoice/:id',
    access: 'update-purchaseInvoice',
    body: purchaseStatusInput,
    answer: z.object({ message: out.text, purchaseInvoice: purchaseDetailOut }),
  }),
};

/** Purchase returns: goods back to the supplier, no more than bought minus already returned. */
export const returnPurchaseEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'return-purchase-invoice',
    access: 'create-returnPurchaseInvoice',
    body: returnPurchaseInput,
    answer: z.object({ createdReturnPurchaseInvoice: purchaseReturnDetailOut }),
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: 'return-purchase-invoice',
    access: 'readAll-returnPurchaseInvoice',
    query: listQuery({ filters: { purchaseInvoiceId: idListFilter.optional() }, sortable: ['date', 'id'] }),
    answer: z.object({ allPurchaseInvoice: z.array(purchaseReturnOut), aggregations: z.object({ _count: z.object({ id: out.int }) }) }),
  }),
  get: endpoint({
    method: 'GET',
    path: 'return-purchase-invoice/:id',
    access: 'readSingle-returnPurchaseInvoice',
    answer: purchaseReturnDetailOut,
  }),
};

/** Supplier payments: posted to the ledger against a purchase invoice's due. */
export const purchasePaymentEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'payment-purchase-invoice',
    access: 'create-paymentPurchaseInvoice',
    body: purchasePaymentInput,
    answer: z.object({ transaction: transactionOut }),
    status: 201,
  }),
  /** Money paid to suppliers (at purchase and later), newest first; undone purchases left out. */
  list: endpoint({
    method: 'GET',
    path: 'payment-purchase-invoice',
    access: 'readAll-paymentPurchaseInvoice',
    query: listQuery({ filters: { purchaseInvoiceId: idListFilter.optional() } }),
    answer: z.object({
      getAllPaymentPurchaseInvoice: z.array(transactionOut),
      totalPaymentPurchaseInvoice: out.int,
      aggregations: z.object({ _sum: z.object({ amount: out.money }) }),
    }),
  }),
};

const supplierTotals = {
  totalAmount: out.money,
  totalPaidAmount: out.money,
  totalReturnAmount: out.money,
  instantPaidReturnAmount: out.money,
  dueAmount: out.money,
};

/** GET supplier?query=report (reference 3.14). */
export const supplierReportOut = z.object({
  grandData: z.object({
    grandTotalAmount: out.money,
    grandTotalPaidAmount: out.money,
    grandTotalReturnAmount: out.money,
    grandInstantPaidReturnAmount: out.money,
    grandDueAmount: out.money,
  }),
  allSupplier: z.array(z.object({ id: out.id, name: out.text, phone: out.text, ...supplierTotals })),
});

/**
 * GET supplier/{id}: the supplier with its statement: the figures and counts over every active invoice and
 * its returns; the newest `statementRowLimit` invoices, returns and ledger entries.
 */
export const supplierDetailOut = z.object({
  ...recordOut,
  name: out.text,
  phone: out.text,
  address: out.optionalText,
  email: out.optionalText,
  ...supplierTotals,
  /** How many active invoices and returns the supplier has (reference 3.14, as a customer's; all of them, not only the rows listed). */
  totalPurchaseInvoice: out.int,
  totalReturnPurchaseInvoice: out.int,
  /** The newest active invoices, newest first. */
  purchaseInvoice: z.array(purchaseHeaderOut),
  /** The newest returns of those invoices, newest first. */
  returnPurchaseInvoice: z.array(purchaseReturnOut),
  /** The newest live ledger entries of the invoices and their returns, newest first. */
  allTransaction: z.array(transactionOut),
  ...statementListing,
});

export type PurchaseHeader = z.infer<typeof purchaseHeaderOut>;
export type PurchaseLine = z.infer<typeof purchaseLineOut>;
export type PurchaseDetail = z.infer<typeof purchaseDetailOut>;
export type LedgerRow = z.infer<typeof transactionOut>;
export type PurchaseReturn = z.infer<typeof purchaseReturnOut>;
export type PurchaseReturnLine = z.infer<typeof returnLineOut>;
export type SupplierReport = z.infer<typeof supplierReportOut>;
