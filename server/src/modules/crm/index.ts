/** Leads and the appointment book (issue 22): the module's entry for the route table and the mail worker. */
import type { AppContext } from '../../platform/context.ts';
import type { RouteDef } from '../../platform/route.ts';
import { appointmentRoutes } from './appointment-routes.ts';
import { leadRoutes } from './lead-routes.ts';

export { appointmentReminderStep } from './reminders.ts';

export function crmRoutes(ctx: AppContext): RouteDef[] {
  return [...leadRoutes(ctx), ...appointmentRoutes(ctx)];
}
