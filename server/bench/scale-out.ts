/**
 * Issue 23, point 6: measured scale-out, PostgreSQL only. Two app servers on one database: the first
 * is serve.ts's (it made and seeded the data), the second is second-server.ts, forked here on the same
 * database. The public catalogue list and the 5-line sale are each measured on one server with the
 * scenario's connections, then spread over both (half the connections to each, at the same time, one
 * walk of the plan shared by both so no page or sale is asked twice more than on one server); the two
 * servers' req/s are summed and their latencies merged. During each load: the CPU each process used and
 * what PostgreSQL's backends did (cpu-use.ts), said as what bounds the figure.
 *
 * Then whether the two servers answer alike (coherence.ts). A stale answer is printed, never a failure.
 */
import { coherence, type Pair, warm } from './coherence.ts';
import { type Activity, type CpuShare, cpuBetween, sampleActivity, snapshot } from './cpu-use.ts';
import { joinServer } from './join-server.ts';
import { type Measured, measure, percentiles, type Request, round, settle, walkOnce } from './load.ts';
import { type Scenario, scenarios } from './scenarios.ts';
import type { Fixtures } from './serve.ts';

export interface ScaleOutRow {
  scenario: string;
  servers: number;
  /** Connections in all (split evenly over the servers). */
  connections: number;
  seconds: number;
  /** Summed over the servers (req/s, counts); latencies of every response of both. */
  measured: Measured;
  perServer: number[];
  /** CPU in % of one core over the load's window, by process. */
  cpu: CpuShare | null;
  /** CPU milliseconds per answered request: the app servers together, PostgreSQL's bench backends, the load generator (steadier than req/s on a busy machine). */
  cpuPerRequest: { servers: number; postgres: number; loadGenerator: number } | null;
  activity: Activity;
  bound: string;
}

export interface ScaleOut {
  rows: ScaleOutRow[];
  /** What the coherence checks saw, said. */
  coherence: string[];
}

interface Server {
  name: 'A' | 'B';
  url: string;
  pid: number;
}

/** The second server, on the first one's database; answers its URL and a stop. */
async function startSecond(f: Fixtures): Promise<{ server: Server; stop: () => Promise<void> }> {
  const joined = await joinServer(f.databaseUrl!, f.secret);
  return { server: { name: 'B', url: joined.url, pid: joined.pid }, stop: joined.stop };
}

/** What bounds a load, said from its CPU and its backends' waits. */
function boundOf(cpu: CpuShare | null, activity: Activity, servers: Server[]): string {
  const said: string[] = [];
  if (cpu) {
    const full = servers.filter((s) => (cpu.parts[`server ${s.name}`] ?? 0) >= 85).map((s) => s.name);
    if (full.length) said.push(`node's one core (server ${full.join(', ')} ≥85 %)`);
    if (cpu.machine >= 0.85 * cpu.cores * 100) {
      const top = Object.entries(cpu.parts)
        .sort((x, y) => y[1] - x[1])
        .slice(0, 3)
        .map(([k, v]) => `${k === 'other' ? 'other work' : k} ${v}`);
      said.push(`the machine's ${cpu.cores} cores (${cpu.machine} % of ${cpu.cores * 100} busy: ${top.join(', ')})`);
    }
  }
  const locks = activity.waiting.Lock ?? 0;
  if (locks >= 0.5) said.push(`row locks (${locks} backends waiting on a lock on average)`);
  return said.length ? said.join('; ') : 'neither CPU nor locks: the round trips of too few connections';
}

/** CPU ms per request from the shares (% of one core) and the req/s. */
function perRequest(cpu: CpuShare, rps: number): ScaleOutRow['cpuPerRequest'] {
  const ms = (share: number) => round((share / 100 / rps) * 1000, 3);
  const servers = Object.entries(cpu.parts)
    .filter(([k]) => k.startsWith('server '))
    .reduce((total, [, v]) => total + v, 0);
  return {
    servers: ms(servers),
    postgres: ms(cpu.parts['PostgreSQL, bench backends'] ?? 0),
    loadGenerator: ms(cpu.parts['load generator'] ?? 0),
  };
}

/** One load of a scenario over `servers` (its connections split), measured with its CPU and its backends' activity. */
async function spread(
  f: Fixtures,
  s: Scenario,
  plan: (i: number) => Request,
  servers: Server[],
  options: { seconds: number; quick: boolean; sent?: (server: Server, i: number) => void },
) {
  const { seconds, quick } = options;
  const per = Math.max(1, Math.round(s.connections / servers.length));
  let n = 0;
  const load = (length: number, onTime?: (ms: number) => void) =>
    Promise.all(
      servers.map((server) =>
        measure(
          server.url,
          () => {
            const i = n++;
            options.sent?.(server, i);
            return plan(i);
          },
          { connections: per, seconds: length, onTime },
        ),
      ),
    );
  const idle = async () => {
    for (const server of servers) await settle(`${server.url}/v1/product-category/public`);
  };
  await idle();
  if (!quick) await load(1);
  await idle();
  const times: number[] = [];
  const activity = sampleActivity(f.databaseUrl!);
  const before = await snapshot();
  const each = await load(seconds, (ms) => times.push(ms));
  const after = await snapshot();
  const seen = await activity.stop();
  await idle();
  const [a, b] = servers;
  const cpu = cpuBetween(before, after, [
    ['load generator', (pid) => pid === process.pid],
    [`server ${a!.name}`, (pid) => pid === a!.pid],
    ...(b ? [[`server ${b.name}`, (pid: number) => pid === b.pid] as [string, (pid: number) => boolean]] : []),
    ['PostgreSQL, bench backends', (pid, comm) => comm === 'postgres' && activity.pids.has(pid)],
    ['PostgreSQL, the rest', (_pid, comm) => comm === 'postgres'],
  ]);
  const sum = (key: 'requests' | 'errors' | 'timeouts' | 'non2xx') => each.reduce((total, m) => total + m[key], 0);
  const rps = each.reduce((total, m) => total + m.rps, 0);
  const measured: Measured = {
    rps: round(rps, rps < 100 ? 1 : 0),
    ...percentiles(times),
    requests: sum('requests'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
    ...(each.find((m) => m.firstRefused) ? { firstRefused: each.find((m) => m.firstRefused)!.firstRefused } : {}),
  };
  const row: ScaleOutRow = {
    scenario: s.id,
    servers: servers.length,
    connections: per * servers.length,
    seconds,
    measured,
    perServer: each.map((m) => m.rps),
    cpu,
    cpuPerRequest: cpu && rps ? perRequest(cpu, rps) : null,
    activity: seen,
    bound: boundOf(cpu, seen, servers),
  };
  return row;
}

export async function scaleOut(
  f: Fixtures,
  firstPid: number,
  options: { seconds: number; quick: boolean; log: (text: string) => void },
): Promise<ScaleOut> {
  const { log } = options;
  const at = Date.now();
  const second = await startSecond(f);
  log(`scale-out: a second app server on the same database, ready in ${((Date.now() - at) / 1000).toFixed(1)} s`);
  const a: Server = { name: 'A', url: f.appUrl, pid: firstPid };
  const b = second.server;
  const pair: Pair = { a: a.url, b: b.url };
  const rows: ScaleOutRow[] = [];
  const said: string[] = [];
  try {
    for (const id of ['catalogue-list', 'sale']) {
      const s = scenarios.find((x) => x.id === id)!;
      const plan = s.plan(f);
      const seconds = s.long && !options.quick ? Math.max(options.seconds, 12) : options.seconds;
      // every page of the list asked once of each server first: both measured with their caches warm
      const pages = id === 'catalogue-list' ? Math.ceil(f.products / 20) : 0;
      if (pages) await walkOnce(a.url, plan, pages);
      const one = await spread(f, s, plan, [a], { seconds, quick: options.quick });
      if (pages) await walkOnce(b.url, plan, pages);
      // the sale: the products of its first sales are cached on both servers first; which server sold which is noted
      const watched = id === 'sale' ? 40 : 0;
      const soldOn: Record<'A' | 'B', number[]> = { A: [], B: [] };
      if (watched) await warm(f, pair, soldBy(plan, 0, watched));
      const sent = (server: Server, i: number) => {
        if (i < watched) soldOn[server.name].push(...soldBy(plan, i, i + 1));
      };
      const two = await spread(f, s, plan, [a, b], { seconds, quick: options.quick, sent });
      rows.push(one, two);
      for (const r of [one, two])
        log(
          `scale-out ${id}, ${r.servers} server${r.servers > 1 ? 's' : ''} (${r.perServer.join(' + ')}): ${r.measured.rps} req/s p99 ${r.measured.p99} ms; ` +
            `CPU ${Object.entries(r.cpu?.parts ?? {})
              .map(([k, v]) => `${k} ${v}%`)
              .join(', ')}; bound: ${r.bound}`,
        );
      if (watched) said.push(...(await coherence(f, pair, { soldOn })));
    }
    said.push(...(await coherence(f, pair, {})));
    for (const line of said) log(`scale-out: ${line}`);
    log(`scale-out: done in ${((Date.now() - at) / 1000).toFixed(0)} s`);
  } finally {
    await second.stop();
  }
  return { rows, coherence: said };
}

/** The products the requests `from` to `to` (excluded) of a sale plan sell. */
function soldBy(plan: (i: number) => Request, from: number, to: number): number[] {
  const ids = new Set<number>();
  for (let i = from; i < to; i++)
    for (const line of JSON.parse(plan(i).body!).saleInvoiceProduct as { productId: number }[]) ids.add(line.productId);
  return [...ids];
}
