import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Files worth compressing: text. Images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/** Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every text file of a folder, when smaller. */
export function precompressFolder(dir: string) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !compressible.test(entry.name) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
    const raw = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = zlib.gzipSync(raw, { level: 9 });
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
  }
}

/** The built app is sent precompressed (the server picks br, gzip or the plain file by accept-encoding). */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'tillbook-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'pre',
      handler() {
        precompressFolder(path.resolve(config.root, config.build.outDir));
      },
    },
  };
}
