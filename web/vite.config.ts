import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadBudget } from './scripts/first-load.ts';
import { precompress } from './scripts/precompress.ts';

// react-router's package points every bundler at its development build (dev warnings on); the build takes
// its production build, the same code with the warnings off, so the minifier drops them.
const routerProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '../production/index.mjs');

// In development the API runs on :3000 (npm run dev in server); the built app is served by the API itself.
// The build writes a manifest (for the first-load budget and the tests), brotli and gzip copies of every text file,
// and prints the first-load JavaScript of the storefront home and the admin login page (failing over budget).
export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), firstLoadBudget()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  server: { proxy: { '/v1': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    // npm start's build (quick brotli, --logLevel warn) prints no size table: the gzip size of each chunk is not worked out
    reportCompressedSize: process.env.TILLBOOK_QUICK_BROTLI !== 'true',
    // every browser the app supports has module preload: no polyfill in the entry
    modulePreload: { polyfill: false },
    // everything the entry imports statically (react, the router, the query client, the HTTP client) is one
    // chunk, the entry itself, rather than several small ones: fewer requests and better compression
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
  },
}));
