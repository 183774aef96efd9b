/** The stock room's entry for other modules: on-hand stock changes only through `moveStock`. */
export { type MovedStock, moveStock, type StockMove, type StockReason } from './move-stock.ts';
export { inventoryRoutes } from './routes.ts';
