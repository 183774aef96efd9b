/**
 * What bounds a load (the scale-out run): the CPU each process used over the load's window, read from
 * Linux's /proc (the load generator, each app server, PostgreSQL's backends of the bench database and
 * the rest of PostgreSQL, everything else on the machine), and what those backends were doing, sampled
 * from pg_stat_activity every 100 ms: on CPU, or waiting (Lock = row and table locks, LWLock, IO, ...).
 * Where /proc cannot be read (not Linux) the CPU shares are empty.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';

interface Snapshot {
  at: number;
  /** /proc/stat's first line: the machine's busy and total ticks, over all cores. */
  busy: number;
  total: number;
  /** Every process: its name and the CPU ticks it used (user + system). */
  procs: Map<number, { comm: string; ticks: number }>;
}

/** CPU used over a window, in % of one core (200 = both cores of a 2-core machine). */
export interface CpuShare {
  machine: number;
  cores: number;
  /** Named parts, each in % of one core; `other` is the machine's busy time no named part used. */
  parts: Record<string, number>;
}

/** What the bench database's backends were doing: the average number in each state over the samples. */
export interface Activity {
  samples: number;
  active: number;
  onCpu: number;
  /** Active backends waiting, by wait type (Lock, LWLock, IO, Client, IPC, ...). */
  waiting: Record<string, number>;
  idleInTransaction: number;
  /** The most seen wait events (type:event), with their average count. */
  topWaits: [string, number][];
  /** Of the backends waiting on a lock: the statement waiting and the one its blocker last ran, the most seen. */
  lockWaits: [string, number][];
}

const hz = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The CPU one process has used so far, in microseconds (user + system), or null where /proc cannot be read. */
export async function processCpuMicros(pid: number): Promise<number | null> {
  const stat = await readStat(String(pid));
  return stat ? (stat.ticks / hz) * 1e6 : null;
}

async function readStat(pid: string): Promise<{ comm: string; ticks: number } | null> {
  try {
    const text = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // the name is in parentheses and may hold spaces; utime and stime are fields 14 and 15
    const close = text.lastIndexOf(')');
    const rest = text.slice(close + 2).split(' ');
    return { comm: text.slice(text.indexOf('(') + 1, close), ticks: Number(rest[11]) + Number(rest[12]) };
  } catch {
    return null;
  }
}

export async function snapshot(): Promise<Snapshot | null> {
  try {
    const cpu = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = cpu[3]! + (cpu[4] ?? 0);
    const procs = new Map<number, { comm: string; ticks: number }>();
    const pids = (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name));
    await Promise.all(
      pids.map(async (pid) => {
        const stat = await readStat(pid);
        if (stat) procs.set(Number(pid), stat);
      }),
    );
    return { at: Date.now(), busy: total - idle, total, procs };
  } catch {
    return null;
  }
}

/** The window's CPU: `parts` names each part by a test on a process (the first that matches counts it). */
export function cpuBetween(
  before: Snapshot | null,
  after: Snapshot | null,
  parts: [string, (pid: number, comm: string) => boolean][],
): CpuShare | null {
  if (!before || !after) return null;
  const cores = os.availableParallelism();
  const seconds = (after.at - before.at) / 1000;
  const share = (ticks: number) => Math.round((ticks / hz / seconds) * 100);
  const used = new Map<string, number>(parts.map(([name]) => [name, 0]));
  for (const [pid, now] of after.procs) {
    const part = parts.find(([, test]) => test(pid, now.comm));
    if (!part) continue;
    const then = before.procs.get(pid);
    // a process started in the window counts all it used
    const ticks = then && then.comm === now.comm ? now.ticks - then.ticks : now.ticks;
    used.set(part[0], used.get(part[0])! + Math.max(0, ticks));
  }
  const machineTicks = ((after.busy - before.busy) / Math.max(1, after.total - before.total)) * cores * hz * seconds;
  const named = [...used.values()].reduce((a, b) => a + b, 0);
  const out: Record<string, number> = {};
  for (const [name, ticks] of used) out[name] = share(ticks);
  out.other = share(Math.max(0, machineTicks - named));
  return { machine: share(machineTicks), cores, parts: out };
}

/** Samples the database's backends (all but its own) every `everyMs` until stopped; also collects their pids. */
export function sampleActivity(url: string, everyMs = 100): { pids: Set<number>; stop(): Promise<Activity> } {
  const client = new pg.Client({ connectionString: url });
  const pids = new Set<number>();
  const sums = { samples: 0, active: 0, onCpu: 0, idleInTransaction: 0 };
  const waiting: Record<string, number> = {};
  const events: Record<string, number> = {};
  const locked: Record<string, number> = {};
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const rows = (
        await client.query(
          `select pid, state, wait_event_type as type, wait_event as event,
             case when wait_event_type = 'Lock' then left(regexp_replace(query, '\\s+', ' ', 'g'), 90) || ' ← held by: ' ||
               coalesce((select left(regexp_replace(b.query, '\\s+', ' ', 'g'), 90) from pg_stat_activity b
                 where b.pid = (pg_blocking_pids(a.pid))[1]), '?') end as locked
           from pg_stat_activity a
           where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        )
      ).rows as { pid: number; state: string | null; type: string | null; event: string | null; locked: string | null }[];
      sums.samples++;
      for (const r of rows) {
        pids.add(r.pid);
        if (r.state === 'idle in transaction') sums.idleInTransaction++;
        if (r.state !== 'active') continue;
        sums.active++;
        if (!r.type) sums.onCpu++;
        else {
          waiting[r.type] = (waiting[r.type] ?? 0) + 1;
          events[`${r.type}:${r.event}`] = (events[`${r.type}:${r.event}`] ?? 0) + 1;
          if (r.locked) locked[r.locked] = (locked[r.locked] ?? 0) + 1;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })().catch(() => {}); // a sampler that cannot connect leaves its figures at zero samples
  const average = (n: number) => Math.round((n / Math.max(1, sums.samples)) * 100) / 100;
  const top = (counts: Record<string, number>, n: number): [string, number][] =>
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, average(v)]);
  return {
    pids,
    async stop() {
      running = false;
      await loop;
      await client.end().catch(() => {});
      return {
        samples: sums.samples,
        active: average(sums.active),
        onCpu: average(sums.onCpu),
        waiting: Object.fromEntries(Object.entries(waiting).map(([k, v]) => [k, average(v)])),
        idleInTransaction: average(sums.idleInTransaction),
        topWaits: top(events, 3),
        lockWaits: top(locked, 2),
      };
    },
  };
}
