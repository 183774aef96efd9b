/**
 * npm run bench [-- scenario words...] [--quick]: every scenario of issue 12 over real HTTP, the app
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
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { check } from './checks.ts';
import { listSizes } from './list-scenarios.ts';
import { measure, settle, walkOnce } from './load.ts';
import { machine, printScaleOut, printTable, writeJson } from './report.ts';
import { type ScaleOut, scaleOut } from './scale-out.ts';
import { type Phase, type Result, type Scenario, scenarios } from './scenarios.ts';
import type { Fixtures, Message } from './serve.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick') || process.env.BENCH_QUICK === 'true';
const words = [...args.filter((a) => !a.startsWith('--')), ...(process.env.BENCH_ONLY?.split(/[ ,]+/).filter(Boolean) ?? [])];
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 5));
const tillProducts = Number(process.env.BENCH_TILL_PRODUCTS ?? 100_000);
const ledgerRows = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
// a word that is a scenario's id picks that one only (`sale`, not `sale-list`); another picks every id holding it
const ids = new Set(scenarios.map((s) => s.id));
const chosen = scenarios.filter((s) => !words.length || words.some((w) => (ids.has(w) ? s.id === w : s.id.includes(w))));
const scaleOutChosen = !words.length || words.some((w) => 'scale-out'.includes(w));
const databases = (['postgres', 'embedded'] as const).filter(
  (d) => (d === 'embedded' || url) && (!process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.includes(d)),
);

const log = (text: string) => console.log(`bench: ${text}`);

/** The server process for one database: started, asked, stopped. */
function startServer(
  kind: 'postgres' | 'embedded',
): Promise<{ child: ChildProcess; fixtures: Fixtures; ask: (m: Message) => Promise<any> }> {
  const child = fork(path.join(import.meta.dirname, 'serve.ts'), [], {
    // BENCH_CPU_PROF=<folder>: the servers' process writes a CPU profile there when it ends
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, BENCH_KIND: kind, BENCH_DATABASE_URL: url ?? '' },
  });
  const ask = (m: Message) =>
    new Promise((resolve, reject) => {
      const listener = (answer: { done?: string; result?: unknown; error?: string }) => {
        if (answer.done !== m.cmd) return;
        child.off('message', listener);
        if (answer.error) reject(new Error(answer.error));
        else resolve(answer.result);
      };
      child.on('message', listener);
      child.send(m);
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited (${code}) before it was ready`)));
    child.once('message', (m: { ready: Fixtures }) => resolve({ child, fixtures: m.ready, ask }));
  });
}

async function run(s: Scenario, f: Fixtures): Promise<Result> {
  const next = s.plan(f);
  const checked = await check(s.check, f, next);
  const load = os.loadavg()[0]!;
  const options = { connections: s.connections, seconds: s.long && !quick ? Math.max(seconds, 12) : seconds };
  const appIdle = `${f.appUrl}/v1/product-category/public`;
  const limitIdle = `${f.limitUrl}/bench/idle`;
  // a scenario whose limit is the app itself, quiet (browse-while-selling): the same walk with no background
  const limitUrl = s.quietLimit ? f.appUrl : f.limitUrl;
  const backlog: number[] = [];
  const idle = async () => backlog.push(Math.max(await settle(appIdle), await settle(limitIdle)));
  const measureApp = async () => {
    await idle();
    if (!quick) await measure(f.appUrl, next, { ...options, seconds: 1 });
    await idle();
    const background = s.background?.(f);
    const measured = await measure(f.appUrl, next, options);
    return { measured, stale: await background?.stop() };
  };
  const measureLimit = async () => {
    await idle();
    if (!quick) await measure(limitUrl, next, { ...options, seconds: 1 });
    await idle();
    return measure(limitUrl, next, options);
  };
  let app: Awaited<ReturnType<typeof measure>>;
  let limit: Awaited<ReturnType<typeof measure>>;
  let stale: Result['stale'];
  if (s.quietLimit) {
    // measured against itself: every request of the plan asked once (both runs start warm), quiet first, then busy
    if (s.warm) await walkOnce(f.appUrl, next, s.warm(f));
    limit = await measureLimit();
    ({ measured: app, stale } = await measureApp());
  } else {
    ({ measured: app, stale } = await measureApp());
    limit = await measureLimit();
  }
  await idle();
  const result: Result = {
    scenario: s.id,
    name: s.name,
    database: f.kind,
    connections: s.connections,
    seconds: options.seconds,
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
  const { child, fixtures, ask } = await startServer(kind);
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
    if (phase === 'till') {
      const grown = await ask({ cmd: 'grow', to: tillProducts });
      fixtures.products = tillProducts;
      log(`${kind}: ${tillProducts} products in ${grown.seconds.toFixed(1)} s`);
    }
    if (phase === 'lists-10k' || phase === 'lists') {
      const n = listSizes[phase];
      const grown = await ask({ cmd: 'invoices', sales: n, purchases: n });
      log(`${kind}: ${n} sale and ${n} purchase invoices in ${grown.seconds.toFixed(1)} s`);
    }
    if (phase === 'books') {
      const books = await ask({ cmd: 'books', rows: ledgerRows });
      log(`${kind}: ${books.rows} ledger rows in ${books.seconds.toFixed(1)} s`);
    }
    for (const s of here) results.push(await run(s, fixtures));
  }
  await ask({ cmd: 'stop' }).catch(() => child.kill());
}
for (const r of results) r.met = scenarios.find((s) => s.id === r.scenario)!.met(r, results);

const about = { ...(await machine()), databases: versions, seconds, quick, minutes: Math.round((Date.now() - startedAt) / 600) / 100 };
if (results.length) printTable(results, about, notes);
else for (const note of notes) log(`note: ${note}`);
if (scaledOut) printScaleOut(scaledOut);
const file = await writeJson(results, about, notes, scaledOut ? { scaleOut: scaledOut } : {});
log(`written to ${path.relative(process.cwd(), file)}`);
