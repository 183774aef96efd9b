import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from 'vitest';
import { bestBrotli, bestBrotliFolder, precompressFolder, quickBrotli, quickMarker } from '../scripts/precompress.ts';

function builtApp() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-precompress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>'.repeat(50));
  fs.writeFileSync(path.join(dir, 'assets/app.js'), 'export const greeting = "hello, till";\n'.repeat(400));
  fs.writeFileSync(path.join(dir, 'assets/logo.png'), Buffer.from([1, 2, 3]));
  return dir;
}
const same = (file: string) => {
  expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).equals(fs.readFileSync(file))).toBe(true);
  expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).equals(fs.readFileSync(file))).toBe(true);
};

test('the production build writes brotli (best quality) and gzip copies of every text file, and none of images', async () => {
  const dir = builtApp();
  await precompressFolder(dir);
  same(path.join(dir, 'index.html'));
  same(path.join(dir, 'assets/app.js'));
  expect(fs.existsSync(path.join(dir, 'assets/logo.png.br'))).toBe(false);
  expect(fs.existsSync(path.join(dir, quickMarker))).toBe(false);
});

test("npm start's quick first build is marked, and brought to the same bytes as the best quality afterwards", async () => {
  const best = builtApp();
  await precompressFolder(best, bestBrotli);
  const dir = builtApp();
  await precompressFolder(dir, quickBrotli);
  same(path.join(dir, 'assets/app.js'));
  expect(fs.existsSync(path.join(dir, quickMarker))).toBe(true);
  await bestBrotliFolder(dir);
  expect(fs.existsSync(path.join(dir, quickMarker))).toBe(false);
  for (const file of ['index.html', 'assets/app.js']) {
    expect(fs.readFileSync(path.join(dir, `${file}.br`)).equals(fs.readFileSync(path.join(best, `${file}.br`)))).toBe(true);
  }
  same(path.join(dir, 'assets/app.js'));
});
