/** Reviews and ratings: the module's entry for the route table. The catalogue reads the ratings itself (product-ratings.ts). */

export { reviewRoutes } from './routes.ts';
