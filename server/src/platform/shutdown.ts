import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** The whole shutdown stays within 10 s (a container's usual grace period): past this, the process exits anyway. */
export const shutdownGraceMs = 9000;

/**
 * On SIGTERM or SIGINT: `close` stops taking requests (the listener closes), waits for those in flight and the
 * mail worker's send, and closes the database; then the process exits 0. When that takes longer than the grace
 * period, it says so and exits 1. A second signal meanwhile changes nothing.
 */
export function closeOnSignals(close: () => Promise<void>, log: FastifyBaseLogger, graceMs = shutdownGraceMs): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: finishing the requests in flight, then stopping`);
    setTimeout(() => {
      log.error(`shutdown not done after ${graceMs / 1000} s (requests or a mail still running): exiting anyway`);
      process.exit(1);
    }, graceMs);
    close().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Once the app is closing, every answer still going out closes its connection: a keep-alive connection would
 * otherwise hold the server open after its last request (Node closes only the connections idle at the moment the
 * listener closes).
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
