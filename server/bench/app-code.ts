/**
 * The app's code the bench's server processes run: today's (`server/src`), or another commit's when
 * BENCH_APP_SRC names that commit's `server/src` (`npm run bench -- --against <commit>`, against.ts).
 * The bench's driver, data, limits and load stay today's; the app, its migrations, its seed and its
 * token signing come from the code under test. Loaded once per process, before anything else asks.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type AppModule = typeof import('../src/app.ts');
type ConfigModule = typeof import('../src/config.ts');
type SeedModule = typeof import('../src/seed/base.ts');
type DbModule = typeof import('../src/platform/db.ts');
type TokensModule = typeof import('../src/platform/tokens.ts');

/** The folder of the app's source under test. */
export const appSource = process.env.BENCH_APP_SRC || path.join(import.meta.dirname, '..', 'src');

const load = <T>(file: string): Promise<T> => import(pathToFileURL(path.join(appSource, file)).href) as Promise<T>;

const [app, config, seed, db, tokens] = await Promise.all([
  load<AppModule>('app.ts'),
  load<ConfigModule>('config.ts'),
  load<SeedModule>('seed/base.ts'),
  load<DbModule>('platform/db.ts'),
  load<TokensModule>('platform/tokens.ts'),
]);

export const { buildApp } = app;
export const { readConfig } = config;
export const { seedBase } = seed;
export const { openDatabase, newPglite } = db;
export const { TokenService } = tokens;
export type { Database } from '../src/platform/db.ts';

/** Resolves once the caches may be trusted (a commit from before the write listener has no `ready`: nothing to wait for). */
export const databaseReady = (database: { ready?: () => Promise<void> }) => database.ready?.() ?? Promise.resolve();
