import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadBudget } from './scripts/first-load.ts';
import { precompress } from './scripts/precompress.ts';

// In development the API runs on :3000 (npm run dev in server); the built app is served by the API itself.
// The build writes a manifest (for the first-load budget and the tests), brotli and gzip copies of every text file,
// and prints the first-load JavaScript of the storefront home and the admin login page (failing over budget).
export default defineConfig({
  plugins: [react(), precompress(), firstLoadBudget()],
  server: { proxy: { '/v1': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 1500 },
});
