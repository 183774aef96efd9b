/** Purchasing's entry for the route table and the plain resources: suppliers' extras and the documents' routes. */
export { purchasingRoutes } from './routes.ts';
export { supplierExtras } from './supplier.ts';
