import type { AnswerOf, EndpointOf, routes } from '@tillbook/contract';

/** What the order screens read, named from the contract's answers. */
export type OrderList = AnswerOf<EndpointOf<typeof routes.order.list>>;
export type OrderRow = OrderList['getAllCartOrder'][number];
export type OrderDetail = AnswerOf<EndpointOf<typeof routes.order.get>>;
export type OrderLine = OrderDetail['singleCartOrder']['cartOrderProduct'][number];
export type OrderHistoryRow = OrderDetail['singleCartOrder']['history'][number];
export type OrderReturnRow = OrderDetail['singleCartOrder']['returnCartOrder'][number];
export type OrderLedgerRow = OrderDetail['transactions'][number];
export type ManualPayment = AnswerOf<EndpointOf<typeof routes.manualPayment.list>>['getAllManualPayment'][number];
