import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type Db, migrationsFolder } from './db.ts';

/** How long /readyz waits for the database before it answers that the database does not answer. */
const readyTimeoutMs = 2000;

/** The newest migration of server/drizzle (its journal's `when`, which drizzle keeps as `created_at` once applied). */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** Why the database is not ready (unreachable, not migrated), or undefined when it is. */
export async function notReadyReason(db: Db, newest = newestMigration(), log?: (error: unknown) => void): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the database did not answer within ${readyTimeoutMs / 1000} s`), readyTimeoutMs);
  });
  const check = (async () => {
    try {
      const result = (await db.execute(
        sql`select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { last: string }[];
      };
      return Number(result.rows[0]?.last ?? 0) >= newest ? undefined : 'the database is not migrated to this version';
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 42P01: no migrations table at all
      if (code === '42P01') return 'the database is not migrated to this version';
      // the cause (addresses, names) is for the log, not for whoever asks
      log?.(error);
      return 'the database is unreachable';
    }
  })();
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

const uncached = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/**
 * `GET /healthz`: 200 while the process is alive (no database call). `GET /readyz`: 200 when the database answers
 * and holds every migration of server/drizzle, else 503 with the reason. Public, outside /v1, never cached, and not
 * logged per call (a probe calls them every few seconds). While the server shuts down Fastify answers 503 to both
 * on the connections still open (its `return503OnClosing`), and the listener is closed to new ones.
 */
export function registerHealth(app: FastifyInstance, db: Db): void {
  const newest = newestMigration();
  app.get('/healthz', { logLevel: 'warn' }, async (_req, reply) => uncached(reply).send({ status: 'alive' }));
  app.get('/readyz', { logLevel: 'warn' }, async (req, reply) => {
    const reason = await notReadyReason(db, newest, (err) => req.log.warn({ err }, 'readyz: the database is unreachable'));
    if (reason) return uncached(reply).code(503).send({ status: 'not ready', reason });
    return uncached(reply).send({ status: 'ready' });
  });
}
