import net from 'node:net';
import path from 'node:path';
import { statementRowLimit } from '@tillbook/contract';
import { minimumRetentionDays } from './platform/audit-triggers.ts';
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
  /**
   * Which proxies may tell the client's address in X-Forwarded-For: false (none, the default), a hop
   * count, or the proxies' addresses / CIDR ranges. It decides the address login lockouts count by.
   */
  trustProxy: false | number | string[];
  /** Check every answer against its contract schema (on in tests): a 500 when a route answers outside it. */
  checkAnswers: boolean;
  /** Answer each request's number of SQL statements in `x-sql-statements` (on in tests; COUNT_STATEMENTS). */
  countStatements: boolean;
  /** The OAuth client id Google ID tokens must be issued for; unset = no Google sign-in. */
  googleClientId: string | undefined;
  /** Where Google's signing keys are published (a JWKS); tests point it at their own. */
  googleJwksUrl: string;
  /** What time it is for business rules; read at each request, so tests may replace it. */
  clock: Clock;
  /** Where shoppers reach the product (PUBLIC_URL, no trailing slash): the base of links in mails (a reset link, the logo). */
  publicUrl: string;
  /** The mail worker: how often it looks for mails to send, how many tries a mail gets, the first retry's wait. */
  mail: { pollMs: number; maxAttempts: number; retryBaseMs: number };
  /** The most products one CSV export holds (EXPORT_MAX_ROWS, 20,000: about 150 bytes a line, so a file near 3 MB); tests lower it. */
  exportMaxRows: number;
  /** The most of each list a customer's or supplier's statement holds (STATEMENT_ROW_LIMIT, 200); tests lower it. */
  statementRowLimit: number;
  /** On the embedded database: how often the tables every sale rewrites are vacuumed (embedded-upkeep.ts). */
  embeddedVacuumMs: number;
  /** Issue 34: how long sign-in rows stay in the audit log, and how often the expired ones are deleted. */
  audit: { signInDays: number; pruneMs: number };
  /** Where uploads go: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** BACKUP_DIR: where the server takes a daily backup (unset: none), keeping the newest BACKUP_KEEP (7). */
  backup: { dir: string | undefined; keep: number };
}

/** An S3-compatible bucket for uploads (s3-storage.ts). */
export interface S3Config {
  bucket: string;
  /** A custom endpoint (MinIO, R2, ...) as a URL; unset = AWS's own. Addressed path-style when set. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither = the SDK's usual sources (AWS_* variables, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

function wholeNumber(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min}, not "${text}"`);
  return value;
}

function seconds(text: string | undefined, fallback: number): number {
  if (!text) return fallback;
  const match = /^(\d+)\s*(s|m|h)?$/.exec(text.trim());
  if (!match) throw new Error(`ACCESS_TOKEN_TTL must look like 900, 15m or 1h, not "${text}"`);
  const factor = { s: 1, m: 60, h: 3600 }[(match[2] ?? 's') as 's' | 'm' | 'h'];
  return Number(match[1]) * factor;
}

const proxyNames = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (proxyNames.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = net.isIP(address ?? '');
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  // a prefix length, or (IPv4) a netmask such as 255.255.255.0
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (version === 4 ? 32 : 128);
  return version === 4 && net.isIPv4(bits);
}

/** TRUST_PROXY: unset (trust no proxy), a hop count (`1`), or a comma-separated list of addresses / CIDR ranges. */
export function trustProxy(text: string | undefined): Config['trustProxy'] {
  const value = text?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') {
    throw new Error('TRUST_PROXY=true would let any client choose its address; give the number of proxies in front (1) or their addresses');
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const wrong = entries.filter((e) => !isAddressOrRange(e));
  if (wrong.length || !entries.length) {
    throw new Error(
      `TRUST_PROXY must be a hop count (1) or a comma-separated list of proxy addresses or CIDR ranges (10.0.0.1, 10.0.0.0/8); "${wrong.join(', ') || value}" is neither`,
    );
  }
  return entries;
}

/** S3_BUCKET and its companions; undefined when no bucket is named (the uploads folder is used). */
export function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const [bucket, endpoint, region, accessKeyId, secretAccessKey] = [
    env.S3_BUCKET,
    env.S3_ENDPOINT,
    env.S3_REGION,
    env.S3_ACCESS_KEY_ID,
    env.S3_SECRET_ACCESS_KEY,
  ].map((v) => v?.trim() || undefined);
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => env[name]?.trim());
    if (stray.length)
      throw new Error(`${stray.join(', ')} set without S3_BUCKET: name the bucket, or unset them to keep uploads in DATA_DIR/uploads`);
    return undefined;
  }
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, not "${endpoint}"`);
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  return {
    bucket,
    endpoint,
    region: region ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
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
    trustProxy: trustProxy(env.TRUST_PROXY),
    checkAnswers: env.CHECK_ANSWERS === 'true',
    countStatements: env.COUNT_STATEMENTS === 'true',
    googleClientId: env.GOOGLE_CLIENT_ID?.trim() || undefined,
    googleJwksUrl: env.GOOGLE_JWKS_URL?.trim() || 'https://www.googleapis.com/oauth2/v3/certs',
    clock: systemClock,
    publicUrl: (env.PUBLIC_URL?.trim() || 'http://localhost:3000').replace(/\/+$/, ''),
    mail: {
      pollMs: wholeNumber('MAIL_POLL_MS', env.MAIL_POLL_MS, 5000, 50),
      maxAttempts: wholeNumber('MAIL_MAX_ATTEMPTS', env.MAIL_MAX_ATTEMPTS, 8, 1),
      retryBaseMs: wholeNumber('MAIL_RETRY_MS', env.MAIL_RETRY_MS, 5000, 0),
    },
    exportMaxRows: wholeNumber('EXPORT_MAX_ROWS', env.EXPORT_MAX_ROWS, 20_000, 1),
    statementRowLimit: wholeNumber('STATEMENT_ROW_LIMIT', env.STATEMENT_ROW_LIMIT, statementRowLimit, 1),
    embeddedVacuumMs: wholeNumber('EMBEDDED_VACUUM_MS', env.EMBEDDED_VACUUM_MS, 10 * 60_000, 1000),
    audit: {
      signInDays: wholeNumber('AUDIT_SIGN_IN_DAYS', env.AUDIT_SIGN_IN_DAYS, 90, minimumRetentionDays),
      pruneMs: wholeNumber('AUDIT_PRUNE_MS', env.AUDIT_PRUNE_MS, 60 * 60_000, 1000),
    },
    s3: s3Config(env),
    backup: {
      dir: env.BACKUP_DIR?.trim() ? path.resolve(env.INIT_CWD ?? process.cwd(), env.BACKUP_DIR.trim()) : undefined,
      keep: wholeNumber('BACKUP_KEEP', env.BACKUP_KEEP, 7, 1),
    },
  };
}
