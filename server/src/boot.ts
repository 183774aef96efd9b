import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { BackupSource } from './ops/backup.ts';
import { registerBackupRoute } from './ops/backup-route.ts';
import { startBackupSchedule } from './ops/backup-schedule.ts';
import { announceServer, forgetServer, newOpsToken } from './ops/running-server.ts';
import { registerVerifyRoute } from './ops/verify-route.ts';
import { startAuditPruning } from './platform/audit-retention.ts';
import { type Database, type Db, openDatabase } from './platform/db.ts';
import { startEmbeddedUpkeep } from './platform/embedded-upkeep.ts';
import { FileStore } from './platform/files.ts';
import { journalSealer } from './platform/journal-seal.ts';
import { seedBase } from './seed/base.ts';
import { seedDemo } from './seed/demo.ts';
import { signingSecret } from './seed/secret.ts';

export interface Booted {
  app: FastifyInstance;
  database: Database;
  /** The token signing secret in use (JWT_SECRET, or the one kept in the database). */
  secret: string;
  /** Called once the app listens: on the embedded database, writes the running-server file `npm run backup` reads. */
  listening(port: number): void;
  close(): Promise<void>;
}

export interface BootOptions {
  /** Where to say the generated owner password (first start only); defaults to the console. */
  announce?: (text: string) => void;
  logger?: boolean;
  /** Awaited once the database is ready, before the app is built: npm start waits here for the web build it runs meanwhile. */
  beforeApp?: () => Promise<void>;
}

/** An S3 bucket that cannot be used stops the start before anything else, rather than the first upload. */
async function checkFileStore(config: Config): Promise<void> {
  const files = await FileStore.open(config);
  await files.storage.check().finally(() => files.close());
}

/** The demo's pictures go where uploads go (app.ts); a file left by a failed seed is only worth a warning. */
async function seedDemoPictured(db: Db, config: Config): Promise<void> {
  const files = await FileStore.open(config);
  await seedDemo(db, { files, clock: config.clock, log: consoleWarnings }).finally(() => files.close());
}

const consoleWarnings = { warn: (detail: { err: unknown }, what: string) => console.warn(what, detail.err) };

/**
 * Every start, first or not: open (and migrate) the database, add what a new installation needs,
 * the demo shop when asked, and build the app. Safe to repeat on the same data.
 */
export async function boot(config: Config, options: BootOptions = {}): Promise<Booted> {
  await checkFileStore(config);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedBase(database.db, { adminUsername: config.adminUsername, adminPassword: config.adminPassword, announce: options.announce });
    const secret = await signingSecret(database.db, config);
    if (config.seedDemo) await seedDemoPictured(database.db, config);
    await options.beforeApp?.();
    const app = await buildApp({ db: database.db, watch: database.watch, config, secret, logger: options.logger });
    // on PostgreSQL the caches wait for the listener (they read without keeping meanwhile): a bounded wait
    await Promise.race([database.ready(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    const backupSource: BackupSource = database.pglite
      ? { kind: 'embedded', client: database.pglite, dataDir: config.dataDir }
      : { kind: 'postgres', url: config.databaseUrl!, dataDir: config.dataDir };
    const opsToken = newOpsToken();
    if (backupSource.kind === 'embedded') {
      registerBackupRoute(app, backupSource, opsToken);
      registerVerifyRoute(app, database.db, opsToken);
    }
    const stopBackups = config.backup.dir
      ? startBackupSchedule({ dir: config.backup.dir, keep: config.backup.keep, source: backupSource, log: app.log })
      : async () => {};
    // the embedded database has no autovacuum: the tables every sale rewrites are vacuumed on a timer
    const stopUpkeep =
      database.kind === 'embedded'
        ? startEmbeddedUpkeep(database.db, config.embeddedVacuumMs, (err) => app.log.warn({ err }, 'embedded upkeep: vacuum failed'))
        : async () => {};
    // web orders left queued for their seal (a process stopped between a commit and its seal) are sealed within seconds
    const sealer = journalSealer(database.db, (err) => app.log.warn({ err }, 'sales journal: sealing failed'));
    const sealTimer = setInterval(() => sealer.poke(), 5000);
    sealTimer.unref();
    const stopPruning = startAuditPruning(database.db, config.audit, config.audit.pruneMs, {
      deleted: (count) => app.log.info(`audit log: ${count} expired sign-in rows deleted`),
      failed: (err) => app.log.warn({ err }, 'audit log: pruning failed'),
    });
    return {
      app,
      database,
      secret,
      listening(port) {
        if (backupSource.kind === 'embedded') announceServer(config.dataDir, { pid: process.pid, port, token: opsToken });
      },
      async close() {
        if (backupSource.kind === 'embedded') forgetServer(config.dataDir);
        // app.close: the listener first, then the requests in flight and the mail worker's send
        clearInterval(sealTimer);
        await Promise.all([app.close(), stopBackups(), stopUpkeep(), stopPruning(), sealer.idle()]);
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
