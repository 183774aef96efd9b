/** The stock room's entry for other modules: on-hand stock changes only through `moveStock`. */
export { moveStock, type MovedStock, type StockMove, type StockReason } from './move-stock.ts';
export { inventoryRoutes } from './routes.ts';
