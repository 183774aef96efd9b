/**
 * The sales area's entry: one notion of "a sale" over every channel (till invoices and web orders, with
 * their returns), read by every report (dashboard, VAT, products, customers, top sellers). No routes.
 */

export { type WebTotals, webOrderTotals, webTotalsOf } from './customer-web.ts';
export {
  datedWithin,
  type SaleChannel,
  type SalesPeriod,
  saleChannels,
  saleDocuments,
  saleTables,
  webReturnsBack,
} from './sale-documents.ts';
export { type SaleLines, saleLines } from './sale-lines.ts';
