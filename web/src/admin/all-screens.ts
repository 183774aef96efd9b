import { appointmentScreens } from './appointments/screens.ts';
import { auditScreens } from './audit/screens.ts';
import { bookScreens } from './books/screens.ts';
import { identityScreens } from './identity/screens.ts';
import { mailScreens } from './mail/screens.ts';
import { orderScreens } from './orders/screens.ts';
import { purchasingScreens } from './purchasing/screens.ts';
import { reportScreens } from './reports/screens.ts';
import { resourceScreens } from './resources/screens.ts';
import { returnScreens } from './returns/screens.ts';
import { reviewScreens } from './reviews/screens.ts';
import type { AdminScreen } from './screens.ts';
import { sellingScreens } from './selling/screens.ts';
import { stockScreens } from './stock/screens.ts';
import { wishlistScreens } from './wishlist/screens.ts';

/** Every admin screen, from each area's own list. Within a menu group, screens show in this order. */
export const allScreens: AdminScreen[] = [
  ...sellingScreens,
  ...appointmentScreens,
  ...purchasingScreens,
  ...orderScreens,
  ...reviewScreens,
  ...wishlistScreens,
  ...returnScreens,
  ...stockScreens,
  ...identityScreens,
  ...auditScreens,
  ...mailScreens,
  ...resourceScreens,
  ...bookScreens,
  ...reportScreens,
];
