import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { startEvery } from './every.ts';

/**
 * The audit log's growth (issue 34). Record changes and till events are kept; only the kinds named here expire:
 * a sign-in row after `days`. The append-only trigger (audit-triggers.ts) lets a row be deleted only once it is of
 * an expiring kind and older than its retention, so pruning cannot reach anything else. Documents of the sales
 * journal are sealed in `document_seal`, which nothing prunes.
 */
export interface AuditRetention {
  /** Days a sign-in row is kept (AUDIT_SIGN_IN_DAYS, 90). */
  signInDays: number;
}

/** The actions that expire, with the days each is kept. */
export const expiringActions = (retention: AuditRetention): Record<string, number> => ({ signIn: retention.signInDays });

/** Rows deleted by one statement: small enough to hold row locks briefly and keep the WAL and the embedded database's pauses short. */
export const pruneBatch = 5000;

/**
 * Deletes the expired rows in batches of {@link pruneBatch}, oldest first, until none is left or `budgetMs` has
 * passed (the next run goes on); answers how many it deleted. Each batch is its own statement and transaction.
 */
export async function pruneAuditLog(db: Db, retention: AuditRetention, budgetMs = 5000): Promise<number> {
  const started = Date.now();
  let deleted = 0;
  for (const [action, days] of Object.entries(expiringActions(retention))) {
    for (;;) {
      const result = (await db.execute(sql`delete from audit_log where id in (
          select id from audit_log where action = ${action} and at < now() - make_interval(days => ${days}::int)
          order by id limit ${pruneBatch})`)) as unknown as { rowCount?: number; affectedRows?: number };
      const count = Number(result.rowCount ?? result.affectedRows ?? 0);
      deleted += count;
      if (count < pruneBatch || Date.now() - started > budgetMs) break;
    }
  }
  return deleted;
}

/**
 * Prunes every `everyMs` (AUDIT_PRUNE_MS, an hour), never two runs at once in this process; answers the stop, which
 * waits for a run in progress. Two processes pruning at once delete different rows or wait on each other's.
 */
export function startAuditPruning(
  db: Db,
  retention: AuditRetention,
  everyMs: number,
  report: { deleted: (count: number) => void; failed: (error: unknown) => void },
): () => Promise<void> {
  return startEvery(
    everyMs,
    async () => {
      const count = await pruneAuditLog(db, retention);
      if (count) report.deleted(count);
    },
    report.failed,
  );
}
