import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { type Booted, boot } from '../../server/src/boot.ts';
import { readConfig } from '../../server/src/config.ts';

export const ownerUsername = 'owner';
export const ownerPassword = 'browser-owner-1';
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** Screenshots for a person to look at; under build/, not committed. */
export const screenshotDir = path.resolve(import.meta.dirname, '../../build/screenshots');

export interface Product {
  url: string;
  booted: Booted;
  dataDir: string;
  close(): Promise<void>;
}

/** The real product (built web app + API) on a fresh embedded database, on a free port. */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-e2e-'));
  const config = readConfig({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ownerUsername,
    ADMIN_PASSWORD: ownerPassword,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const booted = await boot(config, { logger: false, announce: () => {} });
  await booted.app.listen({ port: 0, host: '127.0.0.1' });
  const address = booted.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    booted,
    dataDir,
    async close() {
      await booted.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with a fresh profile. */
export async function openBrowser(): Promise<Browser> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'tillbook-chrome-'));
  const context = await chromium.launchPersistentContext(profile, {
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
    viewport: { width: 1280, height: 800 },
    // no animations (the app honours the preference): a click never lands on a dialog still opening
    reducedMotion: 'reduce',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string) {
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
