/** The A/B run's table (stdout) and its JSON (server/bench/results/against-latest.json, not committed). */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Staleness } from './browse-writer.ts';
import type { Measured } from './load.ts';
import type { Machine } from './report.ts';
import type { Scenario } from './scenarios.ts';

/** The figure a scenario's budget is written in: req/s, or a latency percentile. */
export type Figure = 'rps' | 'p50' | 'p95' | 'p99';

export interface Side {
  /** Each round's measurement, with the server process's CPU per answer (µs, user + system; null off Linux). */
  runs: (Measured & { stale?: Staleness; serverMicros?: number | null })[];
  statements: number | null;
  check: string;
}

export interface Sided {
  scenario: string;
  name: string;
  database: 'postgres' | 'embedded';
  connections: number;
  seconds: number;
  figure: Figure;
  baseline: Side;
  today: Side;
  /** 1-minute load average when the scenario began. */
  load: number;
  /** Measurements whose answers were not all 2xx: the scenario measured nothing. */
  refused: string[];
}

/** The budget's own figure: a budget that starts with a percentile (p95 ≤20 ms) or holds a p50 bound and no rate. */
export function speedOf(s: Scenario): Figure {
  const budget = s.budget;
  if (/^p95\b/.test(budget)) return 'p95';
  if (/^p99\b/.test(budget)) return 'p99';
  if (/\bp50 ≤/.test(budget) && !/req\/s/.test(budget)) return 'p50';
  return 'rps';
}

const sum = (runs: Measured[], figure: Figure) => runs.reduce((total, m) => total + m[figure], 0);

/** Today against the baseline, so that above 1 is always today faster: req/s today ÷ baseline, a latency baseline ÷ today. */
export function speedRatio(figure: Figure, baseline: Measured[], today: Measured[]): number | null {
  const b = sum(baseline, figure);
  const t = sum(today, figure);
  if (!b || !t) return null;
  return figure === 'rps' ? t / b : b / t;
}

const unit = (figure: Figure) => (figure === 'rps' ? 'req/s' : `${figure} ms`);
const figures = (side: Side, figure: Figure) => side.runs.map((m) => m[figure].toLocaleString('en')).join(', ');

function row(r: Sided): string[] {
  const ratio = speedRatio(r.figure, r.baseline.runs, r.today.runs);
  const each = r.today.runs.map((m, i) => speedRatio(r.figure, [r.baseline.runs[i]!], [m]));
  const statements = (s: Side) => (s.statements === null ? '-' : String(s.statements));
  return [
    r.scenario,
    r.database === 'postgres' ? 'PG' : 'embedded',
    String(r.connections),
    unit(r.figure),
    figures(r.baseline, r.figure),
    figures(r.today, r.figure),
    r.refused.length ? 'FAILED: not 2xx' : ratio === null ? '-' : ratio.toFixed(2),
    each.map((x) => (x === null ? '-' : x.toFixed(2))).join(', '),
    `${statements(r.baseline)} → ${statements(r.today)}`,
    serverCost(r),
    fewest(r).toLocaleString('en'),
    r.load.toFixed(2),
  ];
}

/**
 * The server process's CPU per answer, baseline → today (µs, the rounds' mean), and baseline ÷ today: what an answer
 * costs the app whatever bounds the req/s (a cached answer's rate is bounded by the load generator on 2 cores).
 */
function serverCost(r: Sided): string {
  const mean = (side: Side) => {
    const known = side.runs.map((m) => m.serverMicros).filter((x): x is number => typeof x === 'number');
    return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
  };
  const [b, t] = [mean(r.baseline), mean(r.today)];
  if (b === null || t === null) return '-';
  const digits = b < 100 ? 1 : 0;
  return `${b.toFixed(digits)} → ${t.toFixed(digits)} (${(b / t).toFixed(2)})`;
}

/** The fewest answers one load got: below {@link enough}, its figure is noise (a loaded machine, a short run). */
const fewest = (r: Sided) => Math.min(...[...r.baseline.runs, ...r.today.runs].map((m) => m.requests));
const enough = 100;

const columns = [
  'scenario',
  'db',
  'conn',
  'figure',
  'baseline',
  'today',
  'today/baseline',
  'each round',
  'SQL/req',
  'server µs/answer',
  'fewest answers',
  'load',
];

export function printAgainst(results: Sided[], about: Machine & Record<string, unknown>): void {
  const rows = [columns, ...results.map(row)];
  const widths = columns.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log('');
  console.log(`Tillbook bench A/B, ${about.at}: today ${about.today} against ${about.baseline}`);
  console.log(
    `  ${about.cpus} CPUs (${about.cpu}), Node ${about.node}; load ${(about.loadAtStart as number[]).join(' ')} at the start, ` +
      `${about.load.join(' ')} at the end (${about.minutes} min)`,
  );
  for (const [kind, version] of Object.entries(about.databases as Record<string, string>)) console.log(`  ${kind}: ${version}`);
  console.log(
    `  each scenario alternated: baseline, today, … (${about.rounds} rounds of ${about.seconds} s${about.quick ? ', quick: no warm-up' : ', after 1 s of warm-up'});` +
      ' the same driver, data and server process for both, each with its own app code and its own scratch database',
  );
  console.log("  today/baseline: on the budget's figure, req/s today ÷ baseline, a latency baseline ÷ today: above 1 = today is faster");
  console.log('  the limits are not measured in an A/B run; SQL/req = statements per request, baseline → today');
  console.log(
    "  server µs/answer: the app server process's CPU (user + system) over a load ÷ its answers, baseline → today (baseline ÷ today: above 1 = today costs less)",
  );
  console.log('');
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows.slice(1)) console.log(line(r));
  console.log('');
  const few = results.filter((r) => fewest(r) < enough).map((r) => r.scenario);
  if (few.length)
    console.log(
      `  too few answers (under ${enough} in a load) to read a ratio from: ${few.join(', ')}; run longer (BENCH_SECONDS) or on a quieter machine`,
    );
  // the answers compared with the limit's once per side (checks.ts): said when either side differs
  const fine = (check: string) => check.startsWith('ok') || check.startsWith('app 200');
  for (const r of results)
    if (!fine(r.baseline.check) || !fine(r.today.check))
      console.log(`  check, ${r.scenario}: baseline ${r.baseline.check}; today ${r.today.check}`);
}

export async function writeAgainst(results: Sided[], about: Machine & Record<string, unknown>): Promise<string> {
  const file = path.join(import.meta.dirname, 'results', 'against-latest.json');
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${JSON.stringify({ ...about, results }, null, 2)}\n`);
  return file;
}
