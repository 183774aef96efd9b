import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint } from '../endpoint.ts';
import { id, money, numberField, optionalId, requiredText } from '../fields.ts';
import { defineLifecycle } from '../lifecycle.ts';
import { baseListQuery } from '../list-query.ts';

/**
 * A till's day (issue 31): a session opens with the counted float and closes with a count, once. Its
 * state moves only OPEN → CLOSED; the close makes the frozen Z report.
 */
export const tillSessionLifecycle = defineLifecycle({ states: ['OPEN', 'CLOSED'], transitions: { OPEN: ['CLOSED'] } });
export type TillSessionState = (typeof tillSessionLifecycle.states)[number];

/** The receipt and report sizes a till prints at. */
export const receiptSizes = ['58mm', '80mm', 'A4'] as const;

/** Cash moved in or out of the drawer during a session: paid in, paid out, or dropped to the safe. */
export const tillCashTypes = ['IN', 'OUT', 'DROP'] as const;
export type TillCashType = (typeof tillCashTypes)[number];

/** POST till-session: a cashier opens a till with the float counted in its drawer. */
export const openTillSessionInput = z.object({ tillId: id, openingFloat: money });
export type OpenTillSessionInput = z.output<typeof openTillSessionInput>;

/**
 * POST till-session/{id}/cash. IN and OUT name the account the money comes from or goes to
 * (`subAccountId`, e.g. an expense; the safe when none); a DROP goes to the safe, or to `subAccountId`
 * (the bank).
 */
export const tillCashInput = z.object({
  type: z.enum(tillCashTypes, { error: "must be 'IN', 'OUT' or 'DROP'" }),
  amount: money.refine((n) => n > 0, 'must be above 0'),
  reason: requiredText(200),
  subAccountId: optionalId,
});
export type TillCashInput = z.output<typeof tillCashInput>;

/**
 * POST till-session/{id}/void (issue 34): lines taken off the till's cart before the sale was completed (removed,
 * or the cart cleared), each kept as a `void` event with the cashier and the session. The till sends them through
 * its queue, so voids made offline arrive too.
 */
export const tillVoidInput = z.object({
  lines: z
    .array(
      z.object({
        productId: id,
        productVariantId: optionalId,
        productQuantity: numberField(
          (n) => n.int('must be a whole number').positive('must be above 0').max(1_000_000),
          'must be a whole number',
        ),
        /** The unit price the line showed, before VAT. */
        unitPrice: money,
      }),
      { error: 'must be a list of lines' },
    )
    .min(1, 'must have at least one line')
    .max(500, 'must have at most 500 lines'),
  /** 'true' when the whole cart was cleared. */
  cleared: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
});
export type TillVoidInput = z.output<typeof tillVoidInput>;

/** POST till-session/{id}/close: what the cashier counted per method, and the cash left in the drawer for tomorrow. */
export const closeTillSessionInput = z.object({
  counted: z
    .array(z.object({ paymentMethodId: id, amount: money }), { error: 'must be a list of counts' })
    .max(50, 'must have at most 50 counts')
    .superRefine((list, ctx) => {
      const seen = new Set<number>();
      list.forEach((c, index) => {
        if (seen.has(c.paymentMethodId)) ctx.addIssue({ code: 'custom', path: [index, 'paymentMethodId'], message: 'is counted twice' });
        seen.add(c.paymentMethodId);
      });
    }),
  floatLeft: money,
});
export type CloseTillSessionInput = z.output<typeof closeTillSessionInput>;

export const tillSessionLabels = {
  tillId: 'Till',
  openingFloat: 'Opening float',
  amount: 'Amount',
  reason: 'Reason',
  subAccountId: 'Account',
  counted: 'Counted',
  floatLeft: 'Float left in the drawer',
  type: 'Type',
};

const person = z.object({ id: out.id, username: out.text });

export const tillSessionOut = z.object({
  id: out.id,
  tillId: out.id,
  till: z.object({ id: out.id, name: out.text }),
  status: z.enum(tillSessionLifecycle.states),
  openingFloat: out.money,
  /** The opening float less the float the last close left in the drawer (0 for a till's first session). */
  floatDifference: out.money,
  openedBy: person,
  openedAt: out.timestamp,
  closedBy: person.nullable(),
  closedAt: out.timestamp.nullable(),
  zNumber: out.int.nullable(),
  floatLeft: out.money.nullable(),
  variance: out.money.nullable(),
});
export type TillSession = z.infer<typeof tillSessionOut>;

/** A session's figures (X at any time, Z frozen at close): every amount from the ledger rows the session posted. */
export const tillReportOut = z.object({
  sessionId: out.id,
  tillId: out.id,
  tillName: out.text,
  status: z.enum(tillSessionLifecycle.states),
  openedAt: out.timestamp,
  closedAt: out.timestamp.nullable(),
  /** The business dates of the session's sales and returns (a session left open overnight spans two). */
  dates: z.array(out.date),
  openingFloat: out.money,
  /** Sales with VAT, after discounts. */
  sales: out.money,
  /** Returns with VAT. */
  returns: out.money,
  byPaymentMethod: z.array(
    z.object({
      paymentMethodId: out.id,
      name: out.text,
      sales: out.money,
      refunds: out.money,
      /** What should be in hand for this method: for cash, the drawer's whole balance (null before counting for who may not see it). */
      expected: out.money.nullable(),
      counted: out.money.optional(),
      variance: out.money.optional(),
    }),
  ),
  byVatRate: z.array(z.object({ rate: out.money, net: out.money, vat: out.money })),
  discounts: out.money,
  counts: z.object({ sales: out.int, returns: out.int, voids: out.int, noSales: out.int }),
  cashIn: out.money,
  cashOut: out.money,
  drops: out.money,
  /** Null in the X report for who may not see it before counting (blind close). */
  expectedCash: out.money.nullable(),
  zNumber: out.int.optional(),
  countedCash: out.money.optional(),
  variance: out.money.optional(),
  floatLeft: out.money.optional(),
  /**
   * Issue 33: the sales a till's queue posted into the session after it closed (made while it was open), counted
   * in the figures above too; the variance is recomputed with them and the difference posted as a correction.
   */
  lateSales: z.object({ count: out.int, total: out.money }).optional(),
});
export type TillReport = z.infer<typeof tillReportOut>;

export const tillCashOut = z.object({
  id: out.id,
  sessionId: out.id,
  type: z.enum(tillCashTypes),
  amount: out.money,
  reason: out.text,
  subAccountId: out.id,
  userId: out.id,
  createdAt: out.timestamp,
  message: out.text,
});

/**
 * GET till-session: paged (page, count), newest first (order=asc for the oldest), filtered by till, by the session's
 * status ('OPEN' or 'CLOSED': here `status` is the session's, not the list convention's 'true'/'false') and by the
 * days it opened (startDate, endDate).
 */
export const tillSessionListQuery = baseListQuery.pick({ page: true, count: true, startDate: true, endDate: true, order: true }).extend({
  tillId: id.optional(),
  status: z.enum(tillSessionLifecycle.states, { error: "must be 'OPEN' or 'CLOSED'" }).optional(),
});
export type TillSessionListQuery = z.output<typeof tillSessionListQuery>;

/** The till's day: open, cash in and out, no sale, X report, close with its Z. */
export const tillSessionEndpoints = {
  open: endpoint({
    method: 'POST',
    path: 'till-session',
    access: 'create-tillSession',
    body: openTillSessionInput,
    labels: tillSessionLabels,
    answer: tillSessionOut,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: 'till-session',
    access: 'readAll-tillSession',
    query: tillSessionListQuery,
    answer: z.object({ getAllTillSession: z.array(tillSessionOut), totalTillSession: out.int }),
  }),
  get: endpoint({ method: 'GET', path: 'till-session/:id', access: 'readSingle-tillSession', answer: tillSessionOut }),
  cash: endpoint({
    method: 'POST',
    path: 'till-session/:id/cash',
    access: 'create-tillCash',
    body: tillCashInput,
    labels: tillSessionLabels,
    answer: tillCashOut,
    status: 201,
  }),
  noSale: endpoint({
    method: 'POST',
    path: 'till-session/:id/no-sale',
    access: 'create-tillSession',
    answer: z.object({ id: out.id, sessionId: out.id, userId: out.id, at: out.timestamp, message: out.text }),
    status: 201,
  }),
  void: endpoint({
    method: 'POST',
    path: 'till-session/:id/void',
    access: 'create-saleInvoice',
    body: tillVoidInput,
    labels: { lines: 'Lines', cleared: 'Cleared' },
    answer: z.object({ sessionId: out.id, voids: out.int, message: out.text }),
    status: 201,
  }),
  xReport: endpoint({ method: 'GET', path: 'till-session/:id/x-report', access: 'readSingle-tillSession', answer: tillReportOut }),
  zReport: endpoint({ method: 'GET', path: 'till-session/:id/z-report', access: 'readSingle-tillSession', answer: tillReportOut }),
  close: endpoint({
    method: 'POST',
    path: 'till-session/:id/close',
    access: 'create-tillSession',
    body: closeTillSessionInput,
    labels: tillSessionLabels,
    answer: tillReportOut,
  }),
};
