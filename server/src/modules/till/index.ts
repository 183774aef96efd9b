/** The till's day (issue 31): tills, their sessions, the cash of their drawers, the X and Z reports. */

export { seedDefaultTill } from './default-till.ts';
export { drawerSessionsOf } from './drawer-sessions.ts';
export { countLateSale, type LateSale } from './late-sale.ts';
export { openSession } from './open-session.ts';
export {
  type DocumentSession,
  type LookedUpSession,
  openSessionOf,
  refuseUntaken,
  sessionLookup,
  sessionOfDocument,
  tenderAccount,
} from './session-of-document.ts';
export { tillExtras } from './till-resource.ts';
export { tillSessionRoutes } from './till-session-routes.ts';
