import type { AnswerOf, EndpointOf, routes } from '@tillbook/contract';

/** What the screens read, named from the contract's answers. */
export type SaleDetail = AnswerOf<EndpointOf<typeof routes.sale.get>>;
export type SaleLine = SaleDetail['singleSaleInvoice']['saleInvoiceProduct'][number];
export type SaleLedgerRow = SaleDetail['transactions'][number];
export type SaleReturnDetail = AnswerOf<EndpointOf<typeof routes.returnSale.get>>;
export type SaleReturnRow = AnswerOf<EndpointOf<typeof routes.returnSale.list>>['allSaleInvoice'][number];
export type SaleReturnLine = SaleReturnDetail['returnSaleInvoiceProduct'][number];
export type HeldSale = AnswerOf<EndpointOf<typeof routes.hold.list>>['allHoldInvoice'][number];
export type HeldSaleDetail = AnswerOf<EndpointOf<typeof routes.hold.get>>;
export type CustomerPayment = AnswerOf<EndpointOf<typeof routes.salePayment.list>>['getAllPaymentSaleInvoice'][number];
