/** The dashboard module's entry: its route. */
export { dashboardRoutes } from './dashboard-routes.ts';
