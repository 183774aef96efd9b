import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { pgClient } from '../platform/pg-client.ts';
import { type BackupSource, backupToFile } from './backup.ts';

const day = 24 * 60 * 60 * 1000;
/** How often the schedule looks whether a backup is due. */
const checkMs = 60 * 60 * 1000;
/** The session advisory lock (two keys) held by the one server of a PostgreSQL database that takes the daily backups. */
const lockKeys = [23_230_401, 1] as const;

const backupName = /^tillbook-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar$/;
/** `tillbook-2026-11-26T13-05-00Z.tar`: the names sort as the times they were taken. */
export const scheduledName = (at: Date) => `tillbook-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar`;

function takenAt(name: string): number | undefined {
  const m = backupName.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : undefined;
}

/** The schedule's backups in `dir`, oldest first. */
export function scheduledBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => takenAt(n) !== undefined)
    .sort();
}

export interface BackupSchedule {
  dir: string;
  keep: number;
  source: BackupSource;
  log: FastifyBaseLogger;
}

/**
 * BACKUP_DIR: a backup when the newest one there is a day old (or there is none), looked at on start and every
 * hour, and only the newest BACKUP_KEEP kept. On PostgreSQL only the server holding a session advisory lock takes
 * them, so several servers on one database take one a day; when it stops, its lock goes with its connection and
 * another server takes over at its next look. Answers the schedule's stop (it waits for a backup in progress).
 */
export function startBackupSchedule(schedule: BackupSchedule): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let lockHolder: pg.Client | undefined;
  let stopped = false;

  const holdsLock = async (): Promise<boolean> => {
    const { source } = schedule;
    if (source.kind !== 'postgres') return true;
    if (lockHolder) return true;
    const client: pg.Client = pgClient(source.url, () => {
      if (lockHolder === client) lockHolder = undefined;
    });
    await client.connect();
    const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1, $2) as held', [...lockKeys]);
    if (rows[0]?.held && !stopped) {
      lockHolder = client;
      return true;
    }
    await client.end();
    return false;
  };

  const look = async () => {
    if (!(await holdsLock())) return;
    const names = scheduledBackups(schedule.dir);
    const newest = names.length ? takenAt(names[names.length - 1]!)! : 0;
    if (Date.now() - newest < day) return;
    const name = scheduledName(new Date());
    await backupToFile(schedule.source, path.join(schedule.dir, name));
    schedule.log.info(`daily backup written: ${path.join(schedule.dir, name)}`);
    for (const old of scheduledBackups(schedule.dir).slice(0, -schedule.keep)) fs.rmSync(path.join(schedule.dir, old), { force: true });
  };

  const tick = () => {
    if (stopped) return;
    running = look()
      .catch((error: unknown) => schedule.log.error({ err: error }, 'daily backup failed'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, checkMs).unref();
      });
  };
  timer = setTimeout(tick, 0).unref();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
    await lockHolder?.end().catch(() => {});
    lockHolder = undefined;
  };
}
