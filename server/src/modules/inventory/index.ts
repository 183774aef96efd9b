/** The stock room's entry for other modules: on-hand stock changes only through `moveStock`. */
export { averageCosts, averageWithout, type Goods, goodsKey, movingAverage, setAverageCost, takeInAtCost } from './average-cost.ts';
export { bringGoodsBack, type GoodsAtCost, type GoodsBack } from './goods-at-cost.ts';
export { type MovedStock, moveStock, moveStocks, type StockMove, type StockReason } from './move-stock.ts';
export { receivePurchaseRequest } from './reorder-state.ts';
export { inventoryRoutes } from './routes.ts';
export { shareOut } from './share-out.ts';
export { type LineVariant, variantsOfLines } from './variant-lines.ts';
