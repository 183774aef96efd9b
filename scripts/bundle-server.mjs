// npm start runs the server from one JavaScript file bundled here (esbuild, a fraction of a second) rather than
// through tsx, which compiles and loads each of the server's few hundred TypeScript files on every start. The
// packages stay outside the bundle and are loaded from node_modules as usual; only the server's and the
// contract's own sources are in it. `npm run dev` and the tests still run the sources through tsx.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { newest } from './newest-file.mjs';

const root = path.resolve(import.meta.dirname, '..');
/**
 * Inside the server's own node_modules, never committed: the bundle's imports are looked up from there, so they
 * find the server's packages whether npm hoisted them to the root's node_modules or kept them in server's (as it
 * does for a version another workspace does not share, like @fastify/cookie's pin).
 */
export const bundleFile = path.join(root, 'server/node_modules/.cache/tillbook/main.mjs');

// each source's import.meta.dirname stays its own folder (the migrations, the data folder, web/dist are found from it)
const ownDirname = {
  name: 'own-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      return { contents: text.replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path))), loader: 'ts' };
    });
  },
};

// packages are loaded from node_modules; the workspace's contract is TypeScript, so it is bundled
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@tillbook/') ? undefined : { path: args.path, external: true }));
  },
};

/** Beside the bundle: the folder it was made in (its sources' folders are written into it, see ownDirname). */
const stampOf = (outfile) => `${outfile}.root`;

/**
 * The bundle of npm start when it is newer than every source it holds (the server's, the contract's, this script)
 * and was made in this folder: npm install makes it (postinstall.mjs), so a start need not (a few hundred stats,
 * a few ms, instead of esbuild's 0.4 s). Else undefined.
 */
export function freshBundle(outfile = bundleFile) {
  try {
    if (fs.readFileSync(stampOf(outfile), 'utf8') !== root) return undefined;
    const sources = Math.max(
      newest(path.join(root, 'server/src')),
      newest(path.join(root, 'contract/src')),
      fs.statSync(import.meta.filename).mtimeMs,
    );
    return fs.statSync(outfile).mtimeMs >= sources ? outfile : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Bundles server/src/main.ts (or another of the server's entries into another file: the browser tests boot the
 * product from server/src/boot.ts bundled, see web/e2e/global-setup.ts); answers the bundle's path, or undefined
 * when it could not be made (npm start then runs the sources through tsx). Written whole, then renamed, so a
 * start beside it never reads half a file.
 */
export async function bundleServer(entry = path.join(root, 'server/src/main.ts'), outfile = bundleFile) {
  try {
    // dated from before the build: a source saved while it runs is newer, and the next start bundles again
    const began = new Date();
    // esbuild is tsx's own dependency (the server depends on tsx)
    const esbuild = await import(createRequire(path.join(root, 'node_modules/tsx/package.json')).resolve('esbuild'));
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      write: false,
      sourcemap: 'linked',
      logLevel: 'silent',
      plugins: [ownDirname, packagesOutside],
    });
    fs.mkdirSync(path.dirname(outfile), { recursive: true });
    for (const file of result.outputFiles) {
      const partial = `${file.path}.${process.pid}`;
      fs.writeFileSync(partial, file.contents);
      fs.utimesSync(partial, began, began);
      fs.renameSync(partial, file.path);
    }
    // renamed into place like the bundle: a copy of node_modules hard-linked from another folder keeps its own
    const stamp = `${stampOf(outfile)}.${process.pid}`;
    fs.writeFileSync(stamp, root);
    fs.renameSync(stamp, stampOf(outfile));
    return outfile;
  } catch (error) {
    console.warn(`The server runs through tsx (the bundle was not made: ${error.message})`);
    return undefined;
  }
}
