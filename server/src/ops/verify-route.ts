import type { FastifyInstance } from 'fastify';
import { verifyJournal } from '../modules/audit/index.ts';
import type { Db } from '../platform/db.ts';
import { isOpsCall } from './running-server.ts';

/**
 * `GET /ops/verify-books` (outside /v1, embedded database only): the verification `npm run verify-books` asks the
 * running server for, as the embedded database is open in it. Guarded as `POST /ops/backup` is.
 */
export function registerVerifyRoute(app: FastifyInstance, db: Db, token: string): void {
  app.get('/ops/verify-books', async (req, reply) => {
    if (!isOpsCall(req, token)) return reply.code(404).send({ error: 'No such endpoint: GET /ops/verify-books', code: 'not_found' });
    return reply.header('cache-control', 'no-store').send(await verifyJournal(db));
  });
}
