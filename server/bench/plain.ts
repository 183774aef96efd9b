/**
 * The plain run (main.ts without `--against`). npm run bench [-- scenario words...] [--quick]: every scenario of issue 12 over real HTTP, the app
 * beside its limit (the best hand-written SQL in a bare Node server) in the same run, on PostgreSQL
 * when BENCH_DATABASE_URL (else TEST_DATABASE_URL) is set, and always on the embedded database. The
 * servers run in a forked process (serve.ts), the load (autocannon) in this one. Prints one table and
 * writes server/bench/results/latest.json. Asserts nothing.
 *
 * Words pick scenarios by id (`catalogue`, `till-scan`, `books`, ...); BENCH_SECONDS sets each
 * measurement's length (default 5, quick 2); BENCH_DATABASES=embedded|postgres runs one database.
 * A scenario with a background (browse-while-selling) runs it during the app's load only; one whose
 * limit is the app itself, quiet, is measured quiet first.
 *
 * On PostgreSQL, after the catalogue's scenarios (and before the till's grow the catalogue), the
 * scale-out run (scale-out.ts): a second app server on the same database, the catalogue list and the
 * sale on one server and spread over two. In the default run; picked alone by the word `scale-out`.
 */
import os from 'node:os';
import path from 'node:path';
import { check } from './checks.ts';
import { type Measured, walkOnce } from './load.ts';
import { machine, printScaleOut, printTable, writeJson } from './report.ts';
import { idle, limitWords, measureApp, measureLimit, memorize, refusal, secondsOf } from './run-scenario.ts';
import { type ScaleOut, scaleOut } from './scale-out.ts';
import { type Phase, pickScenarios, type Result, type Scenario, scenarios } from './scenarios.ts';
import { preparePhase, type ServerProcess, startServer, stopServer } from './server-process.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick') || process.env.BENCH_QUICK === 'true';
const words = [...args.filter((a) => !a.startsWith('--')), ...(process.env.BENCH_ONLY?.split(/[ ,]+/).filter(Boolean) ?? [])];
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 5));
const tillProducts = Number(process.env.BENCH_TILL_PRODUCTS ?? 100_000);
const ledgerRows = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const chosen = pickScenarios(scenarios, words);
const scaleOutChosen = !words.length || words.some((w) => 'scale-out'.includes(w));
const databases = (['postgres', 'embedded'] as const).filter(
  (d) => (d === 'embedded' || url) && (!process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.includes(d)),
);

const log = (text: string) => console.log(`bench: ${text}`);

async function run(s: Scenario, server: ServerProcess): Promise<Result> {
  const f = server.fixtures;
  const next = s.plan(f);
  const checked = await check(s.check, f, next);
  const load = os.loadavg()[0]!;
  const o = { quick, seconds };
  const backlog: number[] = [];
  let app: Measured;
  let limit: Measured;
  let stale: Result['stale'];
  const limitRun = async () => {
    const kept = await memorize(s, f, next, server.ask);
    if (kept) log(`${f.kind} ${s.id}: the limit keeps the app's ${kept.answers} answers (${Math.round(kept.bytes / 1024)} KB) in memory`);
    return measureLimit(s, f, next, o, backlog);
  };
  if (s.quietLimit) {
    // measured against itself: every request of the plan asked once (both runs start warm), quiet first, then busy
    if (s.warm) await walkOnce(f.appUrl, next, s.warm(f));
    limit = await limitRun();
    ({ measured: app, stale } = await measureApp(s, f, next, o, backlog));
  } else {
    if (s.warm) await walkOnce(f.appUrl, next, s.warm(f));
    ({ measured: app, stale } = await measureApp(s, f, next, o, backlog));
    limit = await limitRun();
  }
  backlog.push(await idle(f));
  const result: Result = {
    scenario: s.id,
    name: s.name,
    database: f.kind,
    connections: s.connections,
    seconds: secondsOf(s, o),
    app,
    limit,
    statements: checked.statements,
    check: stale
      ? `${checked.check}; ${stale.stale} stale of ${stale.checks} answers after ${stale.writes} writes (${stale.refused} refused)`
      : checked.check,
    ...(stale ? { stale } : {}),
    load: Math.round(load * 100) / 100,
    backlogSeconds: Math.round(Math.max(...backlog) * 10) / 10,
    budget: s.budget,
    met: null,
  };
  for (const [who, m] of [
    ['app', app],
    ['limit', limit],
  ] as const)
    if (m.firstRefused)
      log(`${f.kind} ${s.id}: the ${who} answered ${m.firstRefused.status} to ${m.firstRefused.path}: ${m.firstRefused.body}`);
  log(
    `${f.kind} ${s.id}: app ${app.rps} req/s p99 ${app.p99} ms, limit ${limit.rps} req/s p99 ${limit.p99} ms; check ${checked.check}` +
      (stale?.first ? `; ${stale.first}` : '') +
      (result.backlogSeconds > 1 ? `; queued work left after a load took ${result.backlogSeconds} s to drain` : ''),
  );
  return result;
}

const results: Result[] = [];
const notes: string[] = [];
const versions: Record<string, string> = {};
const startedAt = Date.now();
if (!url) notes.push('PostgreSQL not measured: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server');
let scaledOut: ScaleOut | undefined;
if (words.length && scaleOutChosen && !databases.includes('postgres'))
  notes.push('scale-out not measured: it runs on PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL)');
if (chosen.some((s) => s.postgresOnly)) notes.push(`books run on PostgreSQL only (${ledgerRows.toLocaleString('en')} ledger rows)`);
for (const kind of databases) {
  const list = chosen.filter((s) => kind === 'postgres' || !s.postgresOnly);
  const scaling = kind === 'postgres' && scaleOutChosen;
  if (!list.length && !scaling) continue;
  const server = await startServer(kind, { url });
  const { child, fixtures } = server;
  versions[kind] = fixtures.version;
  log(`${kind}: ${fixtures.version}; ${fixtures.products} products ready in ${fixtures.seconds.toFixed(1)} s`);
  const phases: Phase[] = ['catalogue', 'till', 'shop', 'lists-10k', 'lists', 'books'];
  for (const phase of phases) {
    const here = list.filter((s) => s.phase === phase);
    if (phase === 'till' && scaling)
      // a scale-out that cannot run (no second server) is said, and the rest of the bench goes on
      scaledOut = await scaleOut(fixtures, child.pid!, { seconds, quick, log }).catch((error: Error) => {
        notes.push(`scale-out not measured: ${error.message}`);
        log(`scale-out failed: ${error.stack ?? error.message}`);
        return undefined;
      });
    if (!here.length) continue;
    log(`${kind}: ${await preparePhase(phase, server, { tillProducts, ledgerRows })}`);
    for (const s of here) results.push(await run(s, server));
  }
  await stopServer(server);
}
// a scenario whose answers were not all 2xx measured nothing: it fails the run (and shows no ratio)
const refused = results.flatMap((r) =>
  [refusal('the app', r.app), refusal('the limit', r.limit)].filter(Boolean).map((why) => `${r.scenario} on ${r.database}: ${why}`),
);
for (const r of results) r.met = r.app.non2xx || r.limit.non2xx ? false : scenarios.find((s) => s.id === r.scenario)!.met(r, results);

const about = { ...(await machine()), databases: versions, seconds, quick, minutes: Math.round((Date.now() - startedAt) / 600) / 100 };
const legend = [...new Set(results.map((r) => r.scenario))].flatMap((id) => {
  const s = scenarios.find((x) => x.id === id)!;
  return s.memoryLimit || s.limitIs ? [`${id}: ${limitWords(s)}`] : [];
});
if (results.length) printTable(results, about, notes, legend);
else for (const note of notes) log(`note: ${note}`);
if (scaledOut) printScaleOut(scaledOut);
const file = await writeJson(results, about, notes, scaledOut ? { scaleOut: scaledOut } : {});
log(`written to ${path.relative(process.cwd(), file)}`);
if (refused.length) {
  for (const why of refused) log(`FAILED: ${why}`);
  log(`FAILED: ${refused.length} measurement(s) had answers that were not 2xx: those scenarios measured nothing`);
  process.exitCode = 1;
}
