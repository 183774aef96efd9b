import { z } from 'zod';
import { out } from './answers.ts';
import { endpoint } from './endpoint.ts';
import { dateOnly } from './fields.ts';

/**
 * How the dashboard's series groups the range, by its length in days (both ends counted), so that any
 * range answers in a few hundred points at most (0001-01-01..9999-12-31 is 9,999 years):
 * up to 92 days (a quarter) a point per day, up to 731 (two years) per week (Monday to Sunday), up to
 * 3,660 (ten years) per month, beyond that per year. The first and last points are cut to the range.
 */
export const dashboardGroupings = ['day', 'week', 'month', 'year'] as const;
export type DashboardGrouping = (typeof dashboardGroupings)[number];
export const dashboardGroupingLimits: Record<Exclude<DashboardGrouping, 'year'>, number> = { day: 92, week: 731, month: 3660 };

/** The grouping of a range of `days` days (see {@link dashboardGroupings}). */
export function dashboardGroupingOf(days: number): DashboardGrouping {
  if (days <= dashboardGroupingLimits.day) return 'day';
  if (days <= dashboardGroupingLimits.week) return 'week';
  return days <= dashboardGroupingLimits.month ? 'month' : 'year';
}

/**
 * One point of the dashboard's charts: a day, week, month or year of the range (`groupedBy`), every one
 * there, zero when nothing happened. `date` is its first day in the range.
 */
export const dashboardDay = z.object({
  date: out.date,
  /** The period's sales on every channel (completed till sales, web orders not cancelled), with VAT after discounts, less the period's returns. */
  sales: out.money,
  /** Of them, the till's and the web shop's; these and the two counts below are left out of a period without any sale or return (all zero). */
  tillSales: out.money.optional(),
  webSales: out.money.optional(),
  /** The profit of the period's sales and orders (after their returns); only with `costPermission`. */
  profit: out.money.optional(),
  /** Live purchases of the period, with VAT, less the period's purchase returns. */
  purchases: out.money,
  /** Sales and orders of the period, and each channel's. */
  invoices: out.int,
  tillInvoices: out.int.optional(),
  webInvoices: out.int.optional(),
});

/** One channel's part of the dashboard's sale figures (till: sale invoices; web: orders). */
export const dashboardChannel = z.object({
  invoices: out.int,
  sales: out.money,
  returns: out.money,
  due: out.money,
  profit: out.money.optional(),
});

export const dashboardTopProduct = z.object({
  id: out.id,
  name: out.text,
  quantity: out.int,
  sales: out.money,
  tillSales: out.money,
  webSales: out.money,
  profit: out.money.optional(),
});
export const dashboardTopCustomer = z.object({
  id: out.id,
  name: out.text,
  invoices: out.int,
  sales: out.money,
  tillSales: out.money,
  webSales: out.money,
  profit: out.money.optional(),
});

/**
 * `GET dashboard?startDate&endDate` (staff with readAll-dashboard; the reference left it public). Over
 * the range, both days included, business dates in the shop (a missing startDate or endDate is the
 * first or last day of this month; an endDate before the startDate is a 400 naming endDate):
 * - sales: every channel's (the server's one notion of a sale): completed till sales (held, cancelled
 *   and undone ones are not sales) and web orders not cancelled, each on its date — their number (a
 *   real count), their goods with VAT after discounts and coupons (no delivery fee), the returns against
 *   them (a web return once its goods came back) and what is still due on them (kept equal to the
 *   ledger, like every paid and due figure); `channels` splits them into till and web; purchases
 *   likewise (live invoices);
 * - profit of those sales after returns;
 * - `receivable` and `payable`: what customers owe the shop and the shop owes suppliers at endDate
 *   (the Accounts Receivable and Payable balances);
 * - `stockValue`: stock on hand at average cost now, each product's quantity times its unrounded
 *   average cost (the value its stock movements brought in and took out), so it equals the Inventory
 *   account to the cent; and `lowStockCount`: active products at or below their reorder level now;
 * - `daily` (per day, week, month or year: `groupedBy`, see {@link dashboardGroupings}), `topProducts`
 *   (by sales, at most 5) and `topCustomers` (by sales, at most 5, the walk-in included).
 * `daily`, `topProducts` and `topCustomers` count every channel too, with each channel's sales beside. The profits and the stock value (at cost)
 * are sent only to a role holding `costPermission`.
 */
/**
 * The online shop over the range (web orders by their date), beside the till's figures: orders placed
 * (cancelled ones counted apart), their total and what is still due on them, their profit (with
 * `costPermission`), and the orders in each status now.
 */
export const dashboardOnline = z.object({
  totalOrder: out.int,
  totalCancelledOrder: out.int,
  totalOrderAmount: out.money,
  totalOrderDue: out.money,
  totalOrderProfit: out.money.optional(),
  byStatus: z.record(z.string(), out.int),
  /** Returns of web orders asked for over the range (by their date), REJECTED ones left out, and what they give back. */
  totalReturn: out.int,
  totalReturnAmount: out.money,
  /** Of them, those still waiting for the goods (PENDING). */
  pendingReturn: out.int,
});

/** One till's or cashier's counted variances (counted less expected cash; negative: short). */
const dashboardVariance = z.object({ id: out.id, name: out.text, sessions: out.int, variance: out.money });

/**
 * The till's day (issue 31): the sessions open now, and the variances of the sessions closed in the
 * `varianceDays` days up to the range's end, per till and per cashier (who opened it), the shortest first.
 */
export const dashboardTills = z.object({
  openSessions: z.array(
    z.object({
      sessionId: out.id,
      tillId: out.id,
      tillName: out.text,
      openedBy: out.text,
      openedAt: out.timestamp,
      openingFloat: out.money,
    }),
  ),
  varianceDays: out.int,
  variancesByTill: z.array(dashboardVariance),
  variancesByCashier: z.array(dashboardVariance),
  /** Issue 33: sale lines posted while their stock went below zero (an offline till's), all time: `product-reports?query=oversold` lists them. */
  oversoldLines: out.int,
  /**
   * Issue 34: the till's events in the same `varianceDays` days (lines voided, prices typed over, discounts above the
   * alert threshold, the drawer opened without a sale); the Activity screen lists them by action.
   */
  events: z.object({ void: out.int, priceOverride: out.int, largeDiscount: out.int, returnWithoutInvoice: out.int, noSale: out.int }),
});

export const dashboardOut = z.object({
  startDate: out.date,
  endDate: out.date,
  totalSaleInvoice: out.int,
  totalSaleAmount: out.money,
  totalSaleReturn: out.money,
  totalSaleDue: out.money,
  totalProfit: out.money.optional(),
  /** The sale figures above, split by channel: they add up to them. */
  channels: z.object({ till: dashboardChannel, web: dashboardChannel }),
  totalPurchaseInvoice: out.int,
  totalPurchaseAmount: out.money,
  totalPurchaseReturn: out.money,
  totalPurchaseDue: out.money,
  receivable: out.money,
  payable: out.money,
  stockValue: out.money.optional(),
  lowStockCount: out.int,
  groupedBy: z.enum(dashboardGroupings),
  daily: z.array(dashboardDay),
  topProducts: z.array(dashboardTopProduct),
  topCustomers: z.array(dashboardTopCustomer),
  online: dashboardOnline,
  tills: dashboardTills,
});

export const dashboardEndpoints = {
  get: endpoint({
    method: 'GET',
    path: 'dashboard',
    access: 'readAll-dashboard',
    query: z.object({ startDate: dateOnly.optional(), endDate: dateOnly.optional() }),
    answer: dashboardOut,
  }),
};
