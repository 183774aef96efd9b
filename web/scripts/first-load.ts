import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** One chunk of vite's build manifest (`build.manifest: true`), keyed by source path or chunk name. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A page whose first load is measured: the lazy modules (manifest keys) it loads after the entry, in order. */
export interface Budget {
  name: string;
  lazy: string[];
  /** The build fails above this much JavaScript, gzip-compressed, in kilobytes (1024 bytes). */
  maxKb: number;
}

/**
 * The storefront home and the admin login page (issue 12, the web budgets): at most 100 KB and 150 KB.
 * Both are plain React and CSS (no antd); the toaster is fetched after the first paint (`src/lib/notices.tsx`).
 * Neither loads zod: the web calls the API by the contract's routes, which are plain data.
 */
export const budgets: Budget[] = [
  { name: 'storefront home', lazy: ['src/storefront/StorefrontApp.tsx'], maxKb: 100 },
  { name: 'admin login', lazy: ['src/admin/auth/LoginPage.tsx'], maxKb: 150 },
];

/** The manifest keys the browser loads before a page shows: the entry, the page's lazy modules, and their static imports. */
export function firstLoadChunks(manifest: Manifest, lazy: string[]): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the build manifest has no entry chunk');
  for (const key of lazy) {
    if (!manifest[key]?.isDynamicEntry) throw new Error(`${key} is not a lazy chunk of the build (renamed or no longer lazy?)`);
  }
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  for (const key of [entry, ...lazy]) visit(key);
  return [...seen];
}

export interface Measured {
  name: string;
  maxKb: number;
  /** gzip size of the first load's JavaScript, in kilobytes. */
  kb: number;
  files: string[];
}

const gzipBytes = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Each budget's first-load JavaScript, gzip-compressed as the server sends it. */
export function measure(outDir: string, manifest: Manifest, pages: Budget[] = budgets): Measured[] {
  return pages.map((page) => {
    const files = firstLoadChunks(manifest, page.lazy).map((key) => manifest[key]!.file);
    const bytes = files.reduce((sum, file) => sum + gzipBytes(path.join(outDir, file)), 0);
    return { name: page.name, maxKb: page.maxKb, kb: bytes / 1024, files };
  });
}

/** The lines the build prints, and the pages over their budget. */
export function report(measured: Measured[]): { lines: string[]; over: Measured[] } {
  const lines = measured.map(
    (m) =>
      `first-load JS, ${m.name}: ${m.kb.toFixed(1)} KB gzip in ${m.files.length} files ` +
      `(the build fails above ${m.maxKb} KB)${m.kb > m.maxKb ? ' OVER BUDGET' : ''}`,
  );
  return { lines, over: measured.filter((m) => m.kb > m.maxKb) };
}

export const readManifest = (outDir: string): Manifest => JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));

/** After the build: print each page's first-load JavaScript and fail the build when one is over its budget. */
export function firstLoadBudget(pages: Budget[] = budgets): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tillbook-first-load-budget',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const { lines, over } = report(measure(outDir, readManifest(outDir), pages));
      // printed whatever the log level, so the figures are in every build's output
      for (const line of lines) console.log(line);
      if (over.length > 0) throw new Error(`first-load JavaScript over budget: ${over.map((m) => m.name).join(', ')}`);
    },
  };
}
