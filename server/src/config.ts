import path from 'node:path';
import { type Clock, systemClock } from './platform/clock.ts';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminUsername: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  jwtSecret: string | undefined;
  accessTokenSeconds: number;
  refreshTokenDays: number;
  uploadMaxBytes: number;
  webDist: string;
  logLevel: string;
  /** Refresh cookie only over HTTPS when the product is served over HTTPS. */
  secureCookies: boolean;
  /** Check every answer against its contract schema (on in tests): a 500 when a route answers outside it. */
  checkAnswers: boolean;
  /** What time it is for business rules; read at each request, so tests may replace it. */
  clock: Clock;
}

function seconds(text: string | undefined, fallback: number): number {
  if (!text) return fallback;
  const match = /^(\d+)\s*(s|m|h)?$/.exec(text.trim());
  if (!match) throw new Error(`ACCESS_TOKEN_TTL must look like 900, 15m or 1h, not "${text}"`);
  const factor = { s: 1, m: 60, h: 3600 }[(match[2] ?? 's') as 's' | 'm' | 'h'];
  return Number(match[1]) * factor;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Default: the repository's ./data, wherever the server runs from (npm runs the server workspace in server/).
  // A relative DATA_DIR is taken from the folder npm was started in (INIT_CWD), not from server/.
  const dataDir = env.DATA_DIR
    ? path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR)
    : path.resolve(import.meta.dirname, '../../data');
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    adminUsername: env.ADMIN_USERNAME || 'owner',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : !databaseUrl,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenSeconds: seconds(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenDays: Number(env.REFRESH_TOKEN_DAYS ?? 30),
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES ?? 2 * 1024 * 1024),
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    secureCookies: env.SECURE_COOKIES === 'true',
    checkAnswers: env.CHECK_ANSWERS === 'true',
    clock: systemClock,
  };
}
