import type { AnswerOf, EndpointOf, routes } from '@tillbook/contract';

/** What the web-return screens read, named from the contract's answers. */
export type ReturnList = AnswerOf<EndpointOf<typeof routes.returnOrder.list>>;
export type ReturnRow = ReturnList['getAllReturnCartOrder'][number];
export type ReturnDetail = AnswerOf<EndpointOf<typeof routes.returnOrder.get>>;
export type ReturnLine = ReturnDetail['singleReturnCartOrder']['returnCartOrderProduct'][number];
