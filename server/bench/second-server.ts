/**
 * The scale-out run's second app server (forked by scale-out.ts): the real app, built as serve.ts
 * builds it, in its own process, on the PostgreSQL database the first server made and seeded
 * (BENCH_JOIN_URL), signing with the same secret (BENCH_JOIN_SECRET) so the same tokens work on both.
 * It writes no data of its own. With BENCH_JOIN_COUNTING=true it is the bench's probe (serve.ts). Sends `{ ready: url }`; the message `stop` closes it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, openDatabase, readConfig } from './app-code.ts';

const url = process.env.BENCH_JOIN_URL;
const secret = process.env.BENCH_JOIN_SECRET;
if (!url || !secret) throw new Error('second-server.ts needs BENCH_JOIN_URL and BENCH_JOIN_SECRET');

// the app's default pool, as the first server has
const database = await openDatabase({ url, poolSize: 10 });
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-bench-second-'));
const config = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'none') });
// the statement-counting probe (join-server.ts) counts each request's statements; the scale-out's second server does not
const counting = process.env.BENCH_JOIN_COUNTING === 'true';
const app = await buildApp({
  db: database.db,
  watch: database.watch,
  config: { ...config, countStatements: counting },
  secret,
  logger: false,
});
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

const close = async () => {
  await app.close();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
};

process.send!({ ready: appUrl });
// the bench stopped without saying so: close and exit (the first server drops the database)
process.on('disconnect', () => {
  close().finally(() => process.exit(1));
});
process.on('message', (message: { cmd: string }) => {
  if (message.cmd !== 'stop') return;
  close().then(
    () => {
      process.send!({ done: 'stop' });
      process.exit(0);
    },
    (error: Error) => {
      process.send!({ done: 'stop', error: error.message });
      process.exit(1);
    },
  );
});
