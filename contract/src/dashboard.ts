import { z } from 'zod';
import { out } from './answers.ts';
import { endpoint } from './endpoint.ts';
import { dateOnly } from './fields.ts';

/** One day of the dashboard's charts (every day of the range, zero when nothing happened). */
export const dashboardDay = z.object({
  date: out.date,
  /** Completed till sales of the day, with VAT, less the day's sale returns. */
  sales: out.money,
  /** The profit of the day's completed sales (after their returns); only with `costPermission`. */
  profit: out.money.optional(),
  /** Live purchases of the day, with VAT, less the day's purchase returns. */
  purchases: out.money,
  /** Completed sales of the day. */
  invoices: out.int,
});

export const dashboardTopProduct = z.object({
  id: out.id,
  name: out.text,
  quantity: out.int,
  sales: out.money,
  profit: out.money.optional(),
});
export const dashboardTopCustomer = z.object({
  id: out.id,
  name: out.text,
  invoices: out.int,
  sales: out.money,
  profit: out.money.optional(),
});

/**
 * `GET dashboard?startDate&endDate` (staff with readAll-dashboard; the reference left it public). Over
 * the range, both days included, business dates in the shop (a missing startDate or endDate is the
 * first or last day of this month):
 * - sales: completed sales (held, cancelled and undone ones are not sales) — their number (a real
 *   count), their total with VAT, the returns against them and what is still due on them (from the
 *   ledger, like every paid and due figure); purchases likewise (live invoices);
 * - profit of those sales after returns;
 * - `receivable` and `payable`: what customers owe the shop and the shop owes suppliers at endDate
 *   (the Accounts Receivable and Payable balances);
 * - `stockValue`: stock on hand at average cost now, and `lowStockCount`: active products at or below
 *   their reorder level now;
 * - `daily`, `topProducts` (by sales, at most 5) and `topCustomers` (by sales, at most 5, the walk-in
 *   included).
 * Web orders join these figures when the online shop takes orders. The profits and the stock value (at cost)
 * are sent only to a role holding `costPermission`.
 */
export const dashboardOut = z.object({
  startDate: out.date,
  endDate: out.date,
  totalSaleInvoice: out.int,
  totalSaleAmount: out.money,
  totalSaleReturn: out.money,
  totalSaleDue: out.money,
  totalProfit: out.money.optional(),
  totalPurchaseInvoice: out.int,
  totalPurchaseAmount: out.money,
  totalPurchaseReturn: out.money,
  totalPurchaseDue: out.money,
  receivable: out.money,
  payable: out.money,
  stockValue: out.money.optional(),
  lowStockCount: out.int,
  daily: z.array(dashboardDay),
  topProducts: z.array(dashboardTopProduct),
  topCustomers: z.array(dashboardTopCustomer),
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
