/** The bench's tables (stdout) and its JSON (server/bench/results/latest.json, not committed). */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScaleOut } from './scale-out.ts';
import type { Result } from './scenarios.ts';

export interface Machine {
  at: string;
  cpus: number;
  cpu: string;
  load: number[];
  node: string;
}

export async function machine(): Promise<Machine> {
  return {
    at: new Date().toISOString(),
    cpus: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    load: os.loadavg().map((n) => Math.round(n * 100) / 100),
    node: process.version,
  };
}

const columns = [
  'scenario',
  'db',
  'conn',
  'req/s',
  'p50',
  'p95',
  'p99',
  'err/t-o/non2xx',
  'limit req/s',
  'limit p50',
  'limit p99',
  'app/limit',
  'SQL/req',
  'load',
  'budget',
  'met',
  'same answer',
] as const;

const ms = (n: number) => `${n}`;

function row(r: Result): string[] {
  return [
    r.scenario,
    r.database === 'postgres' ? 'PG' : 'embedded',
    String(r.connections),
    String(r.app.rps),
    ms(r.app.p50),
    ms(r.app.p95),
    ms(r.app.p99),
    `${r.app.errors}/${r.app.timeouts}/${r.app.non2xx}`,
    String(r.limit.rps),
    ms(r.limit.p50),
    ms(r.limit.p99),
    // answers that were not all 2xx measured nothing: no ratio (the run fails, plain.ts)
    r.app.non2xx || r.limit.non2xx ? 'not 2xx' : r.limit.rps ? (r.app.rps / r.limit.rps).toFixed(2) : '-',
    r.statements === null ? '-' : String(r.statements),
    r.load.toFixed(2),
    r.budget,
    r.met === null ? '(PG budget)' : r.met ? 'met' : 'NOT met',
    r.check,
  ];
}

export function printTable(results: Result[], about: Machine & Record<string, unknown>, notes: string[], legend: string[] = []): void {
  const rows = [columns as readonly string[], ...results.map(row)];
  const widths = columns.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i >= 2 && i <= 13 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log('');
  console.log(`Tillbook bench, ${about.at}: ${about.cpus} CPUs (${about.cpu}), load ${about.load.join(' ')}, Node ${about.node}`);
  for (const [kind, version] of Object.entries(about.databases as Record<string, string>)) console.log(`  ${kind}: ${version}`);
  console.log('  latencies in ms; app/limit = the app\'s req/s over the limit\'s; "load" = 1-minute load average when the scenario began');
  for (const note of notes) console.log(`  note: ${note}`);
  if (legend.length) console.log('  the limit, where it is not hand-written SQL in a bare Node server:');
  for (const text of legend) console.log(`    ${text}`);
  console.log('');
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows.slice(1)) console.log(line(r));
  console.log('');
}

/** The scale-out run: one server against two, each load's CPU by process and PostgreSQL's backends, then the coherence seen. */
export function printScaleOut(s: ScaleOut): void {
  console.log('Scale-out (issue 23): one app server, then two on the same PostgreSQL (the connections split, one walk shared)');
  console.log('  CPU in % of one core over the load (load generator, servers, PostgreSQL, other = the rest of the machine);');
  console.log('  backends = PostgreSQL backends of the bench database, on average: active (on CPU / waiting by type)');
  for (const r of s.rows) {
    const m = r.measured;
    const cpu = r.cpu
      ? `${Object.entries(r.cpu.parts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}; machine ${r.cpu.machine} of ${r.cpu.cores * 100}`
      : 'no /proc';
    const waits = Object.entries(r.activity.waiting)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `  ${r.scenario}, ${r.servers} server${r.servers > 1 ? 's' : ''}, ${r.connections} conn: ${m.rps} req/s` +
        `${r.servers > 1 ? ` (${r.perServer.join(' + ')})` : ''}, p50 ${m.p50} p95 ${m.p95} p99 ${m.p99} ms, ` +
        `err/t-o/non2xx ${m.errors}/${m.timeouts}/${m.non2xx}`,
    );
    console.log(`      CPU: ${cpu}`);
    const per = r.cpuPerRequest;
    if (per)
      console.log(
        `      CPU per request: app servers ${per.servers} ms, PostgreSQL ${per.postgres} ms, load generator ${per.loadGenerator} ms`,
      );
    console.log(`      backends: ${r.activity.active} active (${r.activity.onCpu} on CPU${waits ? `; waiting ${waits}` : ''})`);
    for (const [what, n] of r.activity.lockWaits) console.log(`      waiting on a lock (${n} on average): ${what}`);
    console.log(`      bound: ${r.bound}`);
  }
  for (const line of s.coherence) console.log(`  ${line}`);
  console.log('');
}

export async function writeJson(
  results: Result[],
  about: Machine & Record<string, unknown>,
  notes: string[],
  more: Record<string, unknown> = {},
): Promise<string> {
  const file = path.join(import.meta.dirname, 'results', 'latest.json');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify({ ...about, notes, results, ...more }, null, 2)}\n`);
  return file;
}
