/** Identity's entry for other modules and the seed. */
export { type CustomerRow, startCustomerSession } from './customer-session.ts';
export { googleLoginRoutes } from './google-login.ts';
export { hashPassword } from './passwords.ts';
export { identityRoutes } from './routes.ts';
export { shiftExtras } from './shift-hours.ts';
