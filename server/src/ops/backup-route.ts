import type { FastifyInstance } from 'fastify';
import { type BackupSource, backupStream } from './backup.ts';
import { isOpsCall } from './running-server.ts';

/**
 * `POST /ops/backup` (outside /v1, embedded database only): the snapshot `npm run backup` asks the running server
 * for, answered as the backup file's bytes. Only from the loopback address (the connection's own, whatever a proxy
 * says) and with the token of the running-server file; anything else is a 404, as if the route were not there.
 */
export function registerBackupRoute(app: FastifyInstance, source: BackupSource, token: string): void {
  app.post('/ops/backup', async (req, reply) => {
    if (!isOpsCall(req, token)) {
      return reply.code(404).send({ error: `No such endpoint: POST /ops/backup`, code: 'not_found' });
    }
    const stream = await backupStream(source);
    req.log.info('backup taken for npm run backup');
    return reply.header('content-type', 'application/x-tar').header('cache-control', 'no-store').send(stream);
  });
}
