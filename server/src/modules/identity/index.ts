/** Identity's entry for other modules and the seed. */
import { customerRefreshCookie } from './customer-session.ts';
import { refreshCookie } from './refresh-tokens.ts';

export { type CustomerRow, startCustomerSession } from './customer-session.ts';
export { googleLoginRoutes } from './google-login.ts';
export { hashPassword } from './passwords.ts';
export { identityRoutes } from './routes.ts';
export { shiftExtras } from './shift-hours.ts';

/** The cookies that carry a session (staff's and shoppers'): a request with one is answered for its holder. */
export const sessionCookies = [refreshCookie, customerRefreshCookie] as const;
