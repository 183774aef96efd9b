/** Identity's entry for other modules and the seed. */
export { hashPassword } from './passwords.ts';
export { identityRoutes } from './routes.ts';
