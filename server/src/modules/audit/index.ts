import { auditLogEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import type { RouteDef } from '../../platform/route.ts';
import { listAuditLog, recordHistory } from './audit-read.ts';

/** Who changed what (issue 34): the log, and one record's history. */
export function auditRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, auditLogEndpoints.list, ({ query }) => listAuditLog(ctx.db, query)),
    implement(ctx, auditLogEndpoints.history, ({ params, query }) => recordHistory(ctx.db, params.entity, params.id, query)),
  ];
}
