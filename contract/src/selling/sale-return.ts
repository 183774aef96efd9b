import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { id, money, numberField, optionalDate, optionalId, optionalText } from '../fields.ts';
import { idListFilter } from '../list-query.ts';

const wholeQuantity = numberField(
  (n) => n.int('must be a whole number').positive('must be above 0').max(1_000_000, 'must be at most 1000000'),
  'must be a whole number',
);

/** One amount paid back to the customer by one payment method; no method means cash. */
export const refundInput = z.object({ amount: money, paymentType: optionalId });

/**
 * POST return-sale-invoice (reference 3.7): goods a customer brings back from one sale. Each line
 * names the sale's line and the quantity; values are the sale line's, prorated. `instantReturnAmount`
 * is the money handed back now, never more than the customer paid on the sale.
 */
export const returnSaleInput = z
  .object({
    date: optionalDate,
    saleInvoiceId: id,
    invoiceMemoNo: optionalText(80),
    note: optionalText(500),
    instantReturnAmount: z.array(refundInput, { error: 'must be a list of amounts' }).max(20, 'must have at most 20 amounts').default([]),
    /** The open till session the return is made in: cash refunds leave its drawer. */
    tillSessionId: optionalId,
    /**
     * Issue 34: 'true' when the customer came back without the invoice (the sale was looked up, not scanned from the
     * receipt): the return is a `returnWithoutInvoice` till event.
     */
    withoutInvoice: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
    returnSaleInvoiceProduct: z
      .array(z.object({ saleInvoiceProductId: id, productQuantity: wholeQuantity }), { error: 'must be a list of lines' })
      .min(1, 'must have at least one line')
      .max(500, 'must have at most 500 lines'),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.returnSaleInvoiceProduct.forEach((line, index) => {
      if (seen.has(line.saleInvoiceProductId))
        ctx.addIssue({ code: 'custom', path: ['returnSaleInvoiceProduct', index, 'saleInvoiceProductId'], message: 'is listed twice' });
      seen.add(line.saleInvoiceProductId);
    });
  });
export type ReturnSaleInput = z.infer<typeof returnSaleInput>;

export const saleReturnLineOut = z.object({
  id: out.id,
  /** The return the line belongs to. */
  invoiceId: out.id,
  saleInvoiceProductId: out.id,
  productId: out.id,
  productQuantity: out.int,
  /** The sale line's unit price (before VAT, after the catalogue discount). */
  productUnitSalePrice: out.money,
  /** The sale line's net, prorated to the quantity returned (before VAT). */
  productFinalAmount: out.money,
  /** VAT percent. */
  tax: out.money,
  taxAmount: out.money,
  product: z.object({ id: out.id, name: out.text, sku: out.text }),
});

export const saleReturnOut = z.object({
  ...recordOut,
  /** The return's number in its own gap-free series. */
  number: out.int,
  date: out.date,
  saleInvoiceId: out.id,
  /** The returned sale's invoice number. */
  saleInvoiceNumber: out.int,
  /** Σ returned net, before VAT. */
  totalAmount: out.money,
  tax: out.money,
  /** Σ money handed back with the return. */
  instantReturnAmount: out.money,
  note: out.optionalText,
  invoiceMemoNo: out.optionalText,
  customer: z.object({ id: out.id, username: out.optionalText, firstName: out.optionalText, lastName: out.optionalText }),
  user: z.object({ id: out.id, username: out.text }),
});
export const saleReturnDetailOut = saleReturnOut.extend({ returnSaleInvoiceProduct: z.array(saleReturnLineOut) });

/** Sale returns: goods back from a customer, no more than sold minus already returned. */
export const returnSaleEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'return-sale-invoice',
    access: 'create-returnSaleInvoice',
    body: returnSaleInput,
    answer: z.object({ createdReturnSaleInvoice: saleReturnDetailOut, message: out.text }),
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: 'return-sale-invoice',
    access: 'readAll-returnSaleInvoice',
    query: listQuery({
      // saleInvoiceNumber: the sale's invoice number, as a person types it
      filters: { saleInvoiceId: idListFilter.optional(), saleInvoiceNumber: idListFilter.optional() },
      sortable: ['date', 'id'],
    }),
    answer: z.object({
      allSaleInvoice: z.array(saleReturnOut),
      aggregations: z.object({
        _count: z.object({ id: out.int }),
        _sum: z.object({ totalAmount: out.money, tax: out.money, instantReturnAmount: out.money }),
      }),
    }),
  }),
  get: endpoint({ method: 'GET', path: 'return-sale-invoice/:id', access: 'readSingle-returnSaleInvoice', answer: saleReturnDetailOut }),
};
