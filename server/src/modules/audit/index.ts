import { auditLogEndpoints } from '@tillbook/contract';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import type { RouteDef } from '../../platform/route.ts';
import { listAuditLog, recordHistory } from './audit-read.ts';
import { verifyJournal } from './verify-journal.ts';

/** Who changed what (issue 34): the log, one record's history, and the sales journal's verification. */
export function auditRoutes(ctx: AppContext): RouteDef[] {
  return [
    implement(ctx, auditLogEndpoints.list, ({ query }) => listAuditLog(ctx.db, query)),
    implement(ctx, auditLogEndpoints.verify, () => verifyJournal(ctx.db)),
    implement(ctx, auditLogEndpoints.history, ({ params, query }) => recordHistory(ctx.db, params.entity, params.id, query)),
  ];
}

export { describeVerification, verifyJournal } from './verify-journal.ts';
