import {
  type Cents,
  fromCents,
  type PaymentStatus,
  paymentStatus,
  type SaleInvoiceInput,
  type SaleOrderStatus,
  toCents,
  walkInCustomerName,
} from '@tillbook/contract';
import { auditEvents } from '../../platform/audit-trail.ts';
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, fieldError } from '../../platform/errors.ts';
import { transition } from '../../platform/transition.ts';
import { numberMark, postingStatement, vatByRate } from '../accounting/index.ts';
import { goodsKey, moveStocks } from '../inventory/index.ts';
import { countLateSale, type LateSale, tenderAccount } from '../till/index.ts';
import { saleDoc, saleDocument } from './sale-doc.ts';
import { saleEvents } from './sale-events.ts';
import type { SaleCustomer } from './sale-lookup.ts';
import { salePostings } from './sale-postings.ts';
import { type PricedLine, type PricedSale, priceSale } from './sale-pricing.ts';
import { settleTender } from './sale-tender.ts';
import { type SaleHeaderRow, type SaleLineRow, type WrittenSale, writeSaleRows } from './sale-write.ts';

/** The invoice as the create answer gives it (`createdInvoice`), the keys of sale-read's header and lines. */
export type CreatedInvoice = {
  id: number;
  /** The invoice number; null while held, and until the sale's commit (`committedNumber` reads it then). */
  number: number | null;
  date: string;
  state: 'completed' | 'held';
  status: boolean;
  /** The reference's flag: true while held. */
  isHold: boolean;
  customerId: number;
  userId: number;
  totalAmount: number;
  totalTaxAmount: number;
  totalDiscountAmount: number;
  saleDiscount: number;
  profit: number;
  note: string | null;
  invoiceMemoNo: string | null;
  dueDate: string | null;
  termsAndConditions: string | null;
  address: string | null;
  orderStatus: SaleOrderStatus;
  paymentStatus: PaymentStatus;
  createdAt: Date;
  updatedAt: Date;
  customer: SaleCustomer;
  user: { id: number; username: string };
  paidAmount: number;
  dueAmount: number;
  returnAmount: number;
  instantPaidReturnAmount: number;
  saleInvoiceProduct: {
    id: number;
    invoiceId: number;
    productId: number;
    productVariantId: number | null;
    productQuantity: number;
    productUnitSalePrice: number;
    productDiscount: number;
    saleDiscount: number;
    productFinalAmount: number;
    tax: number;
    taxAmount: number;
    returnedQuantity: number;
    product: { id: number; name: string; sku: string };
    variant: { id: number; sku: string } | null;
    oversold: boolean;
  }[];
  receiptReference: string | null;
  soldAt: string | null;
  late: boolean;
};

export interface CreatedSale {
  invoiceId: number;
  customerId: number;
  change: Cents;
  /** The sale as written, answered without reading it back. */
  invoice: CreatedInvoice;
}

/** What a sale leaves paid and due: a completed sale owes its total less what was paid (PENDING while it owes); a held one nothing yet. */
const figuresOf = (sale: PricedSale, paid: Cents | null) => {
  const due = paid === null ? 0 : sale.net + sale.vat - paid;
  return {
    paidAmount: fromCents(paid ?? 0),
    dueAmount: fromCents(due),
    orderStatus: due > 0 || paid === null ? 'PENDING' : 'RECEIVED',
  } as const;
};

const headerRow = (
  sale: PricedSale,
  userId: number,
  input: SaleInvoiceInput,
  profit: Cents,
  figures: ReturnType<typeof figuresOf>,
): SaleHeaderRow => ({
  date: sale.date,
  customerId: sale.customer.id,
  userId,
  totalAmount: fromCents(sale.net),
  totalTaxAmount: fromCents(sale.vat),
  totalDiscountAmount: fromCents(sale.discount),
  saleDiscount: fromCents(sale.saleDiscount),
  profit: fromCents(profit),
  note: input.note,
  tillSessionId: sale.session?.id ?? null,
  queued: { receiptReference: input.receiptReference ?? null, soldAt: input.soldAt ?? null, late: sale.session?.late ?? false },
  ...figures,
  extra: {
    invoiceMemoNo: input.invoiceMemoNo,
    dueDate: input.dueDate,
    termsAndConditions: input.termsAndConditions,
    address: input.address,
  },
});

const lineRow = (l: PricedLine, unitCost: Cents, oversold = false): SaleLineRow => ({
  productId: l.productId,
  productVariantId: l.productVariantId,
  productQuantity: l.quantity,
  productUnitSalePrice: fromCents(l.unitPrice),
  productDiscount: fromCents(l.discount),
  saleDiscount: fromCents(l.share),
  productFinalAmount: fromCents(l.net),
  tax: l.vatPercent,
  taxAmount: fromCents(l.vat),
  unitCost: fromCents(unitCost),
  oversold,
});

/** The create answer's invoice from what was written (its figures are the header's: a held sale owes nothing yet). */
function createdInvoice(
  invoiceId: number,
  state: 'completed' | 'held',
  sale: PricedSale,
  header: SaleHeaderRow,
  rows: readonly SaleLineRow[],
  written: WrittenSale,
): CreatedInvoice {
  const { extra: _sent, tillSessionId: _session, queued, ...figures } = header;
  return {
    id: invoiceId,
    number: written.number,
    state,
    status: true,
    isHold: state === 'held',
    ...figures,
    ...written.extra,
    paymentStatus: paymentStatus({ ...figures, instantPaidReturnAmount: 0, undone: false, held: state === 'held' }),
    note: written.note,
    createdAt: written.createdAt,
    updatedAt: written.updatedAt,
    customer: sale.customer,
    user: { id: header.userId, username: sale.salesperson },
    ...queued,
    returnAmount: 0,
    instantPaidReturnAmount: 0,
    saleInvoiceProduct: rows.map((row, i) => {
      const line = sale.lines[i]!;
      const { unitCost: _cost, ...shown } = row;
      return {
        id: written.lineIds[i]!,
        invoiceId,
        ...shown,
        returnedQuantity: 0,
        product: { id: line.productId, name: line.name, sku: line.sku },
        variant: line.productVariantId === null ? null : { id: line.productVariantId, sku: line.variantSku! },
      };
    }),
  };
}

/** What a late sale adds to its session's Z (issue 33). */
const lateFigures = (sale: PricedSale, kept: readonly { paymentType: number; amount: Cents; cash: boolean }[]): LateSale => {
  const rates = new Map<number, { rate: number; net: Cents; vat: Cents }>();
  for (const l of sale.lines) {
    const r = rates.get(l.vatPercent) ?? { rate: l.vatPercent, net: 0, vat: 0 };
    rates.set(l.vatPercent, { rate: l.vatPercent, net: r.net + l.net, vat: r.vat + l.vat });
  }
  return {
    total: sale.net + sale.vat,
    discount: sale.discount,
    byVatRate: [...rates.values()],
    tenders: kept.map((t) => ({ paymentMethodId: t.paymentType, amount: t.amount, intoDrawer: t.cash })),
  };
};

/**
 * A complete sale under its invoice id: stock out through moveStocks (in product-id order; below zero
 * only when the shop allows the till to sell below zero), then the header (`how`: a new one, or the
 * held one rewritten) and the lines at each product's average cost when it left, with the profit, in
 * one statement with the postings of 3.3 (as `post` writes them). Paid is what the tenders cover up
 * to the total; cash beyond it is change.
 */
async function completeSale(
  tx: DbOrTx,
  invoiceId: number,
  how: { insert: 'completed' } | 'replace',
  sale: PricedSale,
  userId: number,
  input: SaleInvoiceInput,
): Promise<CreatedSale> {
  const settled = settleTender(sale.net + sale.vat, sale.tenders);
  if (!settled) throw badRequest('Amount cannot be greater than due!', { paidAmount: 'is more than the total; only cash gives change' });
  const moved = await moveStocks(
    tx,
    sale.lines.map((line) => ({
      productId: line.productId,
      productVariantId: line.productVariantId,
      quantity: -line.quantity,
      reason: 'sale' as const,
      documentType: saleDocument,
      documentId: invoiceId,
      userId,
      // an offline till's sale: its goods have left the shop, so it is posted below zero whatever the setting says
      allowNegative: sale.allowNegative || input.offline === 'true',
    })),
  );
  // a due is collected from someone, and the walk-in customer is nobody in particular (checked after the stock,
  // whose refusal comes first)
  const paid = settled.kept.reduce((s, t) => s + t.amount, 0);
  if (paid < sale.net + sale.vat && sale.customer.username === walkInCustomerName)
    throw fieldError('customerId', 'is needed for a sale not fully paid: choose the customer who will pay the rest');
  const costs = new Map(moved.map((m) => [goodsKey(m), toCents(m.unitCost)]));
  const cost = sale.lines.reduce((s, l) => s + costs.get(goodsKey(l))! * l.quantity, 0);
  const header = headerRow(sale, userId, input, sale.net - cost, figuresOf(sale, paid));
  const below = new Set(moved.filter((m) => m.quantityAfter < 0).map((m) => goodsKey(m)));
  const rows = sale.lines.map((l) => lineRow(l, costs.get(goodsKey(l))!, below.has(goodsKey(l))));
  const books = postingStatement(
    salePostings({
      invoiceId,
      number: numberMark,
      date: sale.date,
      net: sale.net,
      vat: vatByRate(sale.lines.map((l) => ({ rate: l.vatPercent, vat: l.vat }))),
      cost,
      payments: settled.kept.map((t) => ({
        subAccountId: tenderAccount(sale.session, t),
        amount: t.amount,
        method: t.method,
        methodId: t.paymentType,
      })),
      tillSessionId: sale.session?.id ?? null,
    }),
  );
  const written = await writeSaleRows(tx, invoiceId, how, header, rows, books);
  if (sale.session?.late) await countLateSale(tx, sale.session, sale.date, lateFigures(sale, settled.kept));
  return {
    invoiceId,
    customerId: sale.customer.id,
    change: settled.change,
    invoice: createdInvoice(invoiceId, 'completed', sale, header, rows, written),
  };
}

/**
 * POST sale-invoice/, inside the caller's transaction: a complete sale (keyed by an id from the table's
 * sequence, numbered from the sale series at its commit), or with isHold 'true' a held one (a parked cart: its lines priced and kept, no stock
 * moved, nothing posted, no payment taken).
 */
export async function createSale(tx: DbOrTx, input: SaleInvoiceInput, userId: number, clock: Clock): Promise<CreatedSale> {
  const sale = await priceSale(tx, input, userId, clock, true);
  const invoiceId = sale.invoiceId!;
  const created =
    input.isHold !== 'true'
      ? await completeSale(tx, invoiceId, { insert: 'completed' }, sale, userId, input)
      : await holdSale(tx, sale, userId, input);
  // the till's events (a price typed over, a large discount): none on most sales, so no statement
  await auditEvents(tx, saleEvents(sale, invoiceId));
  return created;
}

/** A held sale: its lines priced and kept, no stock moved, nothing posted, no payment taken. */
async function holdSale(tx: DbOrTx, sale: PricedSale, userId: number, input: SaleInvoiceInput): Promise<CreatedSale> {
  const invoiceId = sale.invoiceId!;
  const header = headerRow(sale, userId, input, 0, figuresOf(sale, null));
  const rows = sale.lines.map((l) => lineRow(l, 0));
  const written = await writeSaleRows(tx, invoiceId, { insert: 'held' }, header, rows);
  return { invoiceId, customerId: sale.customer.id, change: 0, invoice: createdInvoice(invoiceId, 'held', sale, header, rows, written) };
}

/**
 * PUT sale-invoice/hold/{id}: completes a held sale with the till's (full) body, as a sale made now;
 * the lines are priced again. The row lock makes a second completion wait and then find it
 * completed (409 invalid_transition); not enough stock refuses it and it stays held.
 */
export async function completeHeldSale(
  tx: DbOrTx,
  invoiceId: number,
  input: SaleInvoiceInput,
  userId: number,
  clock: Clock,
): Promise<CreatedSale> {
  await transition(tx, saleDoc, invoiceId, 'completed');
  const sale = await priceSale(tx, input, userId, clock, false);
  const created = await completeSale(tx, invoiceId, 'replace', sale, userId, input);
  await auditEvents(tx, saleEvents(sale, invoiceId));
  return created;
}

/** PATCH sale-invoice/order {invoiceId, status: 'false'}: a held sale is cancelled (it had no effects to undo). */
export async function cancelHeldSale(tx: DbOrTx, invoiceId: number): Promise<void> {
  await transition(tx, saleDoc, invoiceId, 'cancelled', { status: false });
}
