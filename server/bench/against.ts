/**
 * npm run bench -- --against <commit> [scenario words...] [--quick] (issue 30): today's app against
 * another commit's, in one run, on the same machine at the same time. The commit is checked out in a
 * temporary worktree (baseline-tree.ts); two server processes are started side by side, each on its
 * own scratch database: both run today's bench server (serve.ts: the same data, the same limits), one
 * with today's app code and one with the baseline's (app-code.ts loads it from the worktree). The
 * same driver then loads each scenario's app on both in turn: baseline, today, baseline, today
 * (BENCH_ROUNDS rounds, default 2), so a load that comes and goes on a shared machine falls on both.
 * Prints, per scenario, today against the baseline on the figure its budget uses (req/s, or p95 / p50
 * / p99 for the budgets written in latency) with every raw figure; writes
 * server/bench/results/against-latest.json. The limits are not measured: the app is its own yardstick.
 *
 * One database per run: PostgreSQL when BENCH_DATABASE_URL (else TEST_DATABASE_URL) is set, else the
 * embedded one; BENCH_DATABASES=embedded,postgres picks. The scale-out run is not part of it. A
 * measurement whose answers were not all 2xx fails the run (exit 1), naming the scenario and statuses.
 */
import os from 'node:os';
import path from 'node:path';
import { printAgainst, type Sided, speedOf, writeAgainst } from './against-report.ts';
import { type Baseline, makeBaseline, todayOf } from './baseline-tree.ts';
import { check } from './checks.ts';
import { walkOnce } from './load.ts';
import { machine } from './report.ts';
import { measureApp, refusal, secondsOf } from './run-scenario.ts';
import { type Phase, pickScenarios, scenarios } from './scenarios.ts';
import { preparePhase, type ServerProcess, startServer, stopServer } from './server-process.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--against');
const commit = args[at + 1];
const quick = args.includes('--quick') || process.env.BENCH_QUICK === 'true';
const words = [
  ...args.filter((a, i) => !a.startsWith('--') && i !== at + 1),
  ...(process.env.BENCH_ONLY?.split(/[ ,]+/).filter(Boolean) ?? []),
];
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 5));
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const tillProducts = Number(process.env.BENCH_TILL_PRODUCTS ?? 100_000);
const ledgerRows = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '..', '..');
const log = (text: string) => console.log(`bench: ${text}`);

if (!commit || commit.startsWith('--')) {
  console.error('usage: npm run bench -- --against <commit> [scenario words...] [--quick]');
  process.exit(2);
}
const chosen = pickScenarios(scenarios, words);
if (!chosen.length) {
  console.error(`bench: no scenario's id holds ${words.join(', ')}`);
  process.exit(2);
}
const databases = process.env.BENCH_DATABASES
  ? (['postgres', 'embedded'] as const).filter((d) => process.env.BENCH_DATABASES!.includes(d) && (d === 'embedded' || url))
  : ([url ? 'postgres' : 'embedded'] as const);
// Ctrl-C or a kill: exit, so that the worktree is removed (baseline-tree.ts) and the servers, seeing
// their parent gone, drop their scratch databases
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const startedAt = Date.now();
const today = await todayOf(root);
const loadAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
log(`today: ${today.sha.slice(0, 8)}${today.changed ? ' with uncommitted changes' : ''}; baseline: ${commit}`);
let baseline: Baseline | undefined;
const results: Sided[] = [];
const versions: Record<string, string> = {};
const servers: ServerProcess[] = [];
let failure: Error | undefined;
try {
  baseline = await makeBaseline(commit, root, log);
  log(
    `baseline ${baseline.sha.slice(0, 8)} (${baseline.subject.slice(0, 80)}) in ${baseline.dir}, ` +
      `packages ${baseline.packages === 'linked' ? 'hard-linked from today (the same lock file)' : 'installed by npm ci'}, ` +
      `ready in ${baseline.seconds.toFixed(1)} s`,
  );
  for (const kind of databases) {
    const list = chosen.filter((s) => kind === 'postgres' || !s.postgresOnly);
    if (!list.length) continue;
    const [base, now] = await Promise.all([startServer(kind, { url, appSource: baseline.appSource }), startServer(kind, { url })]);
    servers.push(base, now);
    versions[kind] = now.fixtures.version;
    const sides = [
      { side: 'baseline' as const, server: base },
      { side: 'today' as const, server: now },
    ];
    log(`${kind}: both servers ready (baseline ${base.fixtures.seconds.toFixed(1)} s, today ${now.fixtures.seconds.toFixed(1)} s)`);
    const phases: Phase[] = ['catalogue', 'till', 'shop', 'lists-10k', 'lists', 'books'];
    for (const phase of phases) {
      const here = list.filter((s) => s.phase === phase);
      if (!here.length) continue;
      for (const { side, server } of sides)
        log(`${kind} ${side}, ${phase}: ${await preparePhase(phase, server, { tillProducts, ledgerRows })}`);
      for (const s of here) {
        const o = { quick, seconds };
        const load = os.loadavg()[0]!;
        const plans = sides.map(({ server }) => s.plan(server.fixtures));
        const result: Sided = {
          scenario: s.id,
          name: s.name,
          database: kind,
          connections: s.connections,
          seconds: secondsOf(s, o),
          figure: speedOf(s),
          baseline: { runs: [], statements: null, check: '' },
          today: { runs: [], statements: null, check: '' },
          load: Math.round(load * 100) / 100,
          refused: [],
        };
        // the check once per side: its statements per request, and whether the answers are the limit's
        for (const [k, { side, server }] of sides.entries()) {
          const checked = await check(s.check, server.fixtures, plans[k]!).catch((error: Error) => ({
            check: `check failed: ${error.message}`,
            statements: null,
          }));
          result[side].statements = checked.statements;
          result[side].check = checked.check;
          if (s.warm) await walkOnce(server.fixtures.appUrl, plans[k]!, s.warm(server.fixtures));
        }
        for (let round = 1; round <= rounds; round++)
          for (const [k, { side, server }] of sides.entries()) {
            const { measured, stale, serverMicros } = await measureApp(s, server.fixtures, plans[k]!, o, [], server.child.pid);
            result[side].runs.push({ ...measured, serverMicros, ...(stale ? { stale } : {}) });
            const why = refusal(`the ${side}'s app`, measured);
            if (why) result.refused.push(`round ${round}: ${why}`);
            log(
              `${kind} ${s.id} round ${round} ${side}: ${measured.rps} req/s, p50 ${measured.p50} p95 ${measured.p95} p99 ${measured.p99} ms` +
                (measured.non2xx ? `, ${measured.non2xx} not 2xx` : '') +
                (stale ? `; ${stale.stale} stale of ${stale.checks} after ${stale.writes} writes` : ''),
            );
          }
        results.push(result);
      }
    }
    await Promise.all([stopServer(base), stopServer(now)]);
  }
} catch (error) {
  failure = error as Error;
} finally {
  await Promise.allSettled(servers.map(stopServer));
  baseline?.remove();
}

const about = {
  ...(await machine()),
  loadAtStart,
  databases: versions,
  seconds,
  quick,
  rounds,
  today: `${today.sha.slice(0, 8)}${today.changed ? ' + uncommitted changes' : ''}`,
  baseline: baseline
    ? `${baseline.sha.slice(0, 8)} (${baseline.subject.length > 90 ? `${baseline.subject.slice(0, 90)}…` : baseline.subject})`
    : commit,
  packages: baseline?.packages ?? null,
  minutes: Math.round((Date.now() - startedAt) / 600) / 100,
};
if (results.length) printAgainst(results, about);
const file = await writeAgainst(results, about);
log(`written to ${path.relative(process.cwd(), file)}`);
const refused = results.flatMap((r) => r.refused.map((why) => `${r.scenario} on ${r.database}, ${why}`));
for (const why of refused) log(`FAILED: ${why}`);
if (failure) log(`FAILED: ${failure.stack ?? failure.message}`);
if (refused.length || failure) process.exitCode = 1;
