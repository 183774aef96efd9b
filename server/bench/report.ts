/** The bench's table (stdout) and its JSON (server/bench/results/latest.json, not committed). */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
    r.limit.rps ? (r.app.rps / r.limit.rps).toFixed(2) : '-',
    r.statements === null ? '-' : String(r.statements),
    r.load.toFixed(2),
    r.budget,
    r.met === null ? '(PG budget)' : r.met ? 'met' : 'NOT met',
    r.check,
  ];
}

export function printTable(results: Result[], about: Machine & Record<string, unknown>, notes: string[]): void {
  const rows = [columns as readonly string[], ...results.map(row)];
  const widths = columns.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i >= 2 && i <= 13 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log('');
  console.log(`Tillbook bench, ${about.at}: ${about.cpus} CPUs (${about.cpu}), load ${about.load.join(' ')}, Node ${about.node}`);
  for (const [kind, version] of Object.entries(about.databases as Record<string, string>)) console.log(`  ${kind}: ${version}`);
  console.log('  latencies in ms; app/limit = the app\'s req/s over the limit\'s; "load" = 1-minute load average when the scenario began');
  for (const note of notes) console.log(`  note: ${note}`);
  console.log('');
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows.slice(1)) console.log(line(r));
  console.log('');
}

export async function writeJson(results: Result[], about: Machine & Record<string, unknown>, notes: string[]): Promise<string> {
  const file = path.join(import.meta.dirname, 'results', 'latest.json');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify({ ...about, notes, results }, null, 2)}\n`);
  return file;
}
