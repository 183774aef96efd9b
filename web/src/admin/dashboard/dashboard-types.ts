import type { AnswerOf, dashboardEndpoints } from '@tillbook/contract';

/** GET dashboard's answer (types only: no zod reaches the page). */
export type DashboardData = AnswerOf<typeof dashboardEndpoints.get>;
