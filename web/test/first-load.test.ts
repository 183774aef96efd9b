import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { type Budget, budgets, firstLoadBudget, firstLoadChunks, type Manifest, measure } from '../scripts/first-load.ts';

// a built app in miniature: an entry with a shared chunk, a storefront chunk with its own import, an admin chunk
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/Shop.tsx', 'src/Admin.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  '_grid.js': { file: 'assets/grid.js', imports: ['_react.js'] },
  'src/Shop.tsx': { file: 'assets/Shop.js', src: 'src/Shop.tsx', isDynamicEntry: true, imports: ['_grid.js', '_react.js'] },
  'src/Admin.tsx': { file: 'assets/Admin.js', src: 'src/Admin.tsx', isDynamicEntry: true, imports: ['_react.js'] },
};

/** Random bytes do not compress: a file of n bytes weighs about n bytes gzipped. */
function builtApp(sizes: Record<string, number>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tillbook-first-load-'));
  const outDir = path.join(root, 'dist');
  fs.mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(outDir, '.vite'));
  fs.writeFileSync(path.join(outDir, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const [file, size] of Object.entries(sizes)) fs.writeFileSync(path.join(outDir, file), crypto.randomBytes(size));
  return { root, outDir };
}
const sizes = {
  'assets/index.js': 20_000,
  'assets/react.js': 60_000,
  'assets/grid.js': 30_000,
  'assets/Shop.js': 10_000,
  'assets/Admin.js': 90_000,
};
const shop = (maxKb: number): Budget => ({ name: 'shop home', lazy: ['src/Shop.tsx'], maxKb });

describe('first-load JavaScript', () => {
  it('is held by the build to the budgets of issue 12: 100 KB gzip for the storefront home, 150 KB for the admin login', () => {
    expect(budgets.map((b) => [b.name, b.maxKb])).toEqual([
      ['storefront home', 100],
      ['admin login', 150],
    ]);
  });

  it('fails the build one byte over the budget, and passes it at the budget', () => {
    const exact = (bytes: number): Budget => ({ name: 'shop home', lazy: ['src/Shop.tsx'], maxKb: bytes / 1024 });
    const { root, outDir } = builtApp(sizes);
    const [home] = measure(outDir, manifest, [shop(500)]);
    const bytes = Math.round(home!.kb * 1024);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const run = (budget: Budget) => {
      const plugin = firstLoadBudget([budget]) as unknown as { configResolved(c: unknown): void; closeBundle(): void };
      plugin.configResolved({ root, build: { outDir: 'dist' } });
      return () => plugin.closeBundle();
    };
    expect(run(exact(bytes - 1))).toThrow('first-load JavaScript over budget: shop home');
    expect(run(exact(bytes))).not.toThrow();
    log.mockRestore();
  });

  it('is the entry, the page chunk and everything they import statically, never another lazy chunk', () => {
    expect(firstLoadChunks(manifest, ['src/Shop.tsx']).sort()).toEqual(['_grid.js', '_react.js', 'index.html', 'src/Shop.tsx']);
  });

  it('is measured gzip-compressed', () => {
    const { outDir } = builtApp(sizes);
    const [home] = measure(outDir, manifest, [shop(500)]);
    // 120 000 random bytes: gzip adds a little
    expect(home!.kb).toBeGreaterThan(120_000 / 1024);
    expect(home!.kb).toBeLessThan(121_000 / 1024);
    expect(home!.files).not.toContain('assets/Admin.js');
  });

  it('fails the build over budget, after printing the figure', () => {
    const { root } = builtApp(sizes);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const plugin = firstLoadBudget([shop(100)]) as unknown as { configResolved(c: unknown): void; closeBundle(): void };
    plugin.configResolved({ root, build: { outDir: 'dist' } });
    expect(() => plugin.closeBundle()).toThrow('first-load JavaScript over budget: shop home');
    expect(log.mock.calls.flat().join('\n')).toMatch(/first-load JS, shop home: 117\.\d KB gzip in 4 files .*OVER BUDGET/);
    log.mockRestore();
  });

  it('passes within budget, and names a page chunk that is no longer lazy', () => {
    const { root, outDir } = builtApp(sizes);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const plugin = firstLoadBudget([shop(150)]) as unknown as { configResolved(c: unknown): void; closeBundle(): void };
    plugin.configResolved({ root, build: { outDir: 'dist' } });
    expect(() => plugin.closeBundle()).not.toThrow();
    log.mockRestore();
    expect(() => measure(outDir, manifest, [{ ...shop(150), lazy: ['src/Gone.tsx'] }])).toThrow('src/Gone.tsx is not a lazy chunk');
  });
});
