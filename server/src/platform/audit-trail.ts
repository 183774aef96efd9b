import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actingAs, type Db } from './db.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The database as this request's caller: every transaction begun through it names the caller to the audit log's
     * triggers. A request writes through it; `ctx.db` is for reads and for work that is nobody's (jobs, seeds).
     */
    readonly db: Db;
  }
}

/**
 * Who changed what (issue 34), written by the database, not by each module. Every audited table has row
 * triggers (installed from code at every start, see audit-triggers.ts) that write one `audit_log` row per create,
 * update, status change or delete, in the change's own transaction: a rolled-back change leaves no row. The actor
 * is the request's: a transaction begun through `req.db` sets `tillbook.actor` for itself with its BEGIN (db.ts,
 * `actingAs`), and a change without one (a job, a seed) is the system's.
 *
 * The actor travels with the handle rather than in an AsyncLocalStorage: on Node 20 one store in use turns on the
 * async hooks for every promise and callback of the process, even for the front door's answers, which run no hook:
 * the cached list lost a fifth of its rate to them (docs/performance.md).
 */
export function auditRequests(app: FastifyInstance, db: Db): void {
  app.decorateRequest('db', {
    getter(this: FastifyRequest) {
      return actingAs(db, () => actorSetting(this));
    },
  });
}

/** The statement that names the request's actor to its transaction (`set_config(..., true)`: for that transaction only). */
function actorSetting(req: FastifyRequest): string {
  const auth = req.auth;
  const actor = JSON.stringify({
    type: auth ? (auth.kind === 'customer' ? 'customer' : 'user') : 'system',
    id: auth?.id ?? null,
    request: String(req.id),
  });
  return `select set_config('tillbook.actor', '${actor.replaceAll("'", "''")}', true)`;
}

/** One row the use case writes itself: a record's change the triggers cannot see as one, or a till event. */
export interface AuditEvent {
  entity: string;
  id: number;
  /** 'update', or a till event's name (contract `tillEvents`). */
  action: string;
  changes: { field: string; old: unknown; new: unknown }[];
  /** Who, when the transaction has no actor yet (a sign-in: the request is not signed in until it answers). */
  actor?: { type: 'user' | 'customer'; id: number };
}

/** Writes events in one statement, each with its actor, else the transaction's (as the triggers' rows have it). */
export async function auditEvents(tx: Pick<Db, 'execute'>, events: readonly AuditEvent[]): Promise<void> {
  if (!events.length) return;
  const rows = events.map((e) => ({
    entity: e.entity,
    entity_id: String(e.id),
    action: e.action,
    actor_type: e.actor?.type ?? null,
    actor_id: e.actor?.id ?? null,
    changes: Object.fromEntries(e.changes.map((c) => [c.field, { old: c.old ?? null, new: c.new ?? null }])),
  }));
  await tx.execute(sql`insert into audit_log (entity, entity_id, action, actor_type, actor_id, request_id, changes)
    select e.entity, e.entity_id, e.action, coalesce(e.actor_type, a->>'type', 'system'), coalesce(e.actor_id, (a->>'id')::int), a->>'request', e.changes
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(entity text, entity_id text, action text, actor_type text, actor_id int, changes jsonb),
      (select nullif(current_setting('tillbook.actor', true), '')::jsonb as a) actor`);
}

/**
 * A change the triggers cannot see as one: a record's set of links (a role's permissions, rows of a join table)
 * replaced at once. The use case names it as one change of its record, with the transaction's actor.
 */
export async function auditChange(
  tx: Pick<Db, 'execute'>,
  entity: string,
  id: number,
  changes: { field: string; old: unknown; new: unknown }[],
): Promise<void> {
  if (changes.length) await auditEvents(tx, [{ entity, id, action: 'update', changes }]);
}
