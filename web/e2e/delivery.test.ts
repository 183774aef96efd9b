import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Manifest } from '../scripts/first-load.ts';
import { type Browser, openBrowser, type Product, startProduct } from './harness.ts';

const dist = path.resolve(import.meta.dirname, '../dist');
let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

/** The built files of the manifest's chunks whose source matches. */
function builtFiles(manifest: Manifest, source: (src: string) => boolean) {
  return Object.values(manifest)
    .filter((chunk) => chunk.src && source(chunk.src))
    .map((chunk) => `/${chunk.file}`);
}

test('the storefront home fetches no admin chunk and no not-found chunk, and gets its scripts compressed and cached', async () => {
  const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const admin = builtFiles(manifest, (src) => src.startsWith('src/admin/'));
  const notFound = builtFiles(manifest, (src) => src === 'src/ui/NotFound.tsx');
  const storefront = builtFiles(manifest, (src) => src === 'src/storefront/StorefrontApp.tsx');
  expect(admin.length).toBeGreaterThan(3);
  expect(notFound).toHaveLength(1);

  const { page } = browser;
  const scripts: { path: string; acceptEncoding: string; encoding?: string; cache?: string; vary?: string }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.origin !== product.url || !url.pathname.endsWith('.js')) return;
    const headers = await response.allHeaders();
    scripts.push({
      path: url.pathname,
      acceptEncoding: (await response.request().allHeaders())['accept-encoding'] ?? '',
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
      vary: headers.vary,
    });
  });
  const home = await page.goto(`${product.url}/`);
  expect(home?.headers()['cache-control']).toBe('no-cache');
  await page.getByText('New products').waitFor();
  await page.waitForLoadState('networkidle');

  const fetched = scripts.map((s) => s.path);
  expect(fetched).toEqual(expect.arrayContaining(storefront));
  expect(fetched.filter((file) => admin.includes(file))).toEqual([]);
  expect(fetched.filter((file) => notFound.includes(file))).toEqual([]);
  for (const script of scripts) {
    expect(script.cache, script.path).toBe('public, max-age=31536000, immutable');
    expect(script.vary, script.path).toMatch(/accept-encoding/i);
    // the build keeps a compressed copy only when it is smaller (not for a few bytes of script)
    const has = (suffix: string) => fs.existsSync(path.join(dist, `${script.path}${suffix}`));
    const accepts = (encoding: string) => new RegExp(`\\b${encoding}\\b`).test(script.acceptEncoding);
    const expected = accepts('br') && has('.br') ? 'br' : accepts('gzip') && has('.gz') ? 'gzip' : undefined;
    expect(script.encoding, script.path).toBe(expected);
  }
  // the large scripts (all but a few bytes of glue) did travel compressed
  const large = scripts.filter((s) => fs.statSync(path.join(dist, s.path)).size > 2048);
  expect(large.length).toBeGreaterThan(3);
  for (const script of large) {
    expect(script.encoding, script.path).toMatch(/^(br|gzip)$/);
  }
});

test('an unknown storefront address fetches the not-found chunk when it is needed', async () => {
  const { page } = browser;
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(`${product.url}/no-such-page`);
  await page.getByText('404').first().waitFor();
  const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  expect(fetched).toContain(builtFiles(manifest, (src) => src === 'src/ui/NotFound.tsx')[0]);
});
