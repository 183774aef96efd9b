import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text. Images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/** Brotli's best quality, for what production serves: about 2 % smaller than quality 10, and several times slower. */
export const bestBrotli = 11;
/**
 * The quick quality of `npm start`'s first build (TILLBOOK_QUICK_BROTLI=true, scripts/build-web.mjs): it starts
 * in a fraction of the time, and `npm start` brings every `.br` to the best quality once the server answers.
 */
export const quickBrotli = 5;
/** Left in `.vite/` by a quick build, removed once every `.br` is at the best quality. */
export const quickMarker = '.vite/brotli-quick';

function textFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
}

const brotliOf = (raw: Buffer, quality: number) =>
  brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });

/** Writes beside the live file and renames over it, so a server reading it never sees half a file. */
function replace(file: string, bytes: Buffer) {
  const next = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(next, bytes);
  fs.renameSync(next, file);
}

/**
 * Writes `<file>.br` (brotli) and `<file>.gz` (gzip, best) beside every text file of a folder, when smaller.
 * The files are compressed in parallel, on node's thread pool.
 */
export async function precompressFolder(dir: string, brotliQuality = bestBrotli) {
  await Promise.all(
    textFiles(dir).map(async (file) => {
      const raw = fs.readFileSync(file);
      const [br, gz] = await Promise.all([brotliOf(raw, brotliQuality), gzip(raw, { level: 9 })]);
      if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
    }),
  );
  const marker = path.join(dir, quickMarker);
  if (brotliQuality < bestBrotli) {
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    fs.writeFileSync(marker, `brotli quality ${brotliQuality}\n`);
  } else fs.rmSync(marker, { force: true });
}

/** After a quick build: every `.br` of the folder again at the best quality, one file at a time. */
export async function bestBrotliFolder(dir: string) {
  for (const file of textFiles(dir)) {
    if (!fs.existsSync(`${file}.br`)) continue;
    try {
      replace(`${file}.br`, await brotliOf(fs.readFileSync(file), bestBrotli));
    } catch (error) {
      // a new build swapped the folder out meanwhile: it is that build's to compress
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
  }
  fs.rmSync(path.join(dir, quickMarker), { force: true });
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
      async handler() {
        const quality = process.env.TILLBOOK_QUICK_BROTLI === 'true' ? quickBrotli : bestBrotli;
        await precompressFolder(path.resolve(config.root, config.build.outDir), quality);
      },
    },
  };
}

// `tsx web/scripts/precompress.ts <dir>`: bring a quick build's brotli files to the best quality (npm start runs it)
if (import.meta.url === `file://${process.argv[1]}`) await bestBrotliFolder(process.argv[2] ?? 'dist');
