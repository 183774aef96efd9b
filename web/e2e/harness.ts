import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Download,
  type LaunchOptions,
  type Page,
  type Browser as PlaywrightBrowser,
} from 'playwright-core';
// @ts-expect-error plain .mjs script without types
import { chromiumPath } from '../../scripts/chromium.mjs';
import { withDatabase } from '../../scripts/test-databases.mjs';
import { storageKeys } from '../src/lib/session.ts';
import type { Booted } from './product-server.ts';

export const ownerUsername = 'owner';
export const ownerPassword = 'browser-owner-1';
/** Debian's headless shell, else its Chromium, or CHROME_PATH (scripts/chromium.mjs). */
export const chromePath = chromiumPath() ?? '/usr/bin/chromium';
/** Screenshots for a person to look at; under build/, not committed. */
export const screenshotDir = path.resolve(import.meta.dirname, '../../build/screenshots');

export interface Product {
  url: string;
  booted: Booted;
  dataDir: string;
  close(): Promise<void>;
}

/** The configuration of a browser test's product: the demo shop, an owner the tests log in as, no log. */
export function demoShopConfig(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ownerUsername,
    ADMIN_PASSWORD: ownerPassword,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    ...env,
  };
}

/** What the browser project's global setup prepared; undefined elsewhere (the web unit tests, the benchmarks). */
async function prepared(key: 'demoShop' | 'demoDatabase' | 'browserEndpoint' | 'productBundle'): Promise<string | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return inject(key);
}

/** The server's code: bundled by the browser project's global setup, else its sources. */
async function productServer(): Promise<typeof import('./product-server.ts')> {
  return import((await prepared('productBundle')) ?? './product-server.ts');
}

/**
 * The product's database when the run has a PostgreSQL server (TEST_DATABASE_URL): a copy of the demo shop's
 * database the global setup made (CREATE DATABASE … TEMPLATE, a fraction of a second), with its drop. Without
 * one, undefined: the product's embedded database is in the copied data folder.
 */
async function copiedDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const template = await prepared('demoDatabase');
  if (!template) return undefined;
  const { pgClient } = await productServer();
  const templateName = new URL(template).pathname.slice(1);
  const name = `${templateName.replace(/_tmpl$/, '')}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (sql: string) => {
    const client = pgClient(withDatabase(template, 'postgres'));
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}" template "${templateName}"`);
  return { url: withDatabase(template, name), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/**
 * The real product (built web app + API) on a fresh database, on a free port. In the browser project the data
 * folder starts as a copy of the demo shop the global setup booted once, and its database as a copy of the demo
 * shop's (in the folder when embedded, a database copied from a template on a PostgreSQL server), so boot()
 * finds it migrated and seeded (no migrations, base or demo seed to run again); elsewhere it is a first start.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-e2e-'));
  const demoShop = await prepared('demoShop');
  if (demoShop) await fs.cp(demoShop, dataDir, { recursive: true });
  const database = await copiedDatabase();
  const { boot, readConfig } = await productServer();
  const config = demoShopConfig(dataDir, { ...(database ? { DATABASE_URL: database.url } : {}), ...env });
  const booted = await boot(readConfig(config), { logger: false, announce: () => {} });
  await booted.app.listen({ port: 0, host: '127.0.0.1' });
  const address = booted.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    booted,
    dataDir,
    async close() {
      await booted.close();
      await database?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium, headless. */
export function browserLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

const contextOptions: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  // no animations (the app honours the preference): a click never lands on a dialog still opening
  reducedMotion: 'reduce',
};

/** This file's connection to the run's Chromium (browser project), opened at the first openBrowser(). */
let shared: Promise<PlaywrightBrowser> | undefined;

/**
 * A new browser context (fresh storage, cookies and cache) with one page. In the browser project it is a
 * context of the one Chromium the global setup launched, which saves each file (and each test that opens
 * its own) a Chromium start; elsewhere a Chromium of its own, closed with the context.
 */
export async function openBrowser(): Promise<Browser> {
  const endpoint = await prepared('browserEndpoint');
  if (endpoint) {
    shared ??= chromium.connect(endpoint);
    const context = await (await shared).newContext(contextOptions);
    const page = await context.newPage();
    return { context, page, close: () => context.close() };
  }
  const own = await chromium.launch(browserLaunchOptions());
  const context = await own.newContext(contextOptions);
  const page = await context.newPage();
  return { context, page, close: () => own.close() };
}

/** A download's content as text (read through Playwright: a connected browser's files have no local path). */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Screenshots assert nothing: they are for a person to look at. CI skips them (126 full-page shots cost about a
 * minute of the two cores); SCREENSHOTS=true takes them there too.
 */
const takeScreenshots = !process.env.CI || process.env.SCREENSHOTS === 'true';

export async function screenshot(page: Page, name: string) {
  if (!takeScreenshots) return;
  await fs.mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** Logs in through the login form and waits for the role's landing page (the dashboard, else its first screen). */
export async function loginAs(page: Page, url: string, username = ownerUsername, password = ownerPassword) {
  await page.goto(`${url}/admin/auth/login`);
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /login/i }).click();
  await page.waitForURL((address) => address.pathname.startsWith('/admin/') && !address.pathname.startsWith('/admin/auth/'));
}

/**
 * Signs in without the login form and opens `path` (by default /admin, which leads to the role's landing page):
 * the login is posted from the page, so the refresh cookie lands in the browser as at the form, and the answer is
 * stored under the keys the login page stores it. It spares a test that is not about the login form the login
 * page's load and the dashboard it lands on (its charts and a dozen queries) before the screen it is about.
 * The page first opens /healthz, a few bytes, when it is not on the product yet. The form stays `loginAs`.
 */
export async function signIn(page: Page, url: string, path = '/admin', username = ownerUsername, password = ownerPassword) {
  if (new URL(page.url()).origin !== new URL(url).origin) await page.goto(`${url}/healthz`);
  const failure = await page.evaluate(
    async ({ keys, username, password }) => {
      const answer = await fetch('/v1/user/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      const login = await answer.json();
      if (!answer.ok) return `${answer.status} ${JSON.stringify(login)}`;
      const { token, role, roleId, ...user } = login;
      localStorage.setItem(keys.accessToken, token);
      localStorage.setItem(keys.role, role);
      localStorage.setItem(keys.roleId, String(roleId));
      localStorage.setItem(keys.id, String(user.id));
      localStorage.setItem(keys.user, JSON.stringify(user));
      localStorage.setItem(keys.isLogged, 'true');
      return null;
    },
    { keys: storageKeys, username, password },
  );
  if (failure) throw new Error(`signing in as ${username}: ${failure}`);
  await page.goto(`${url}${path}`);
}
