import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on :3000 (npm run dev in server); the built app is served by the API itself.
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/v1': 'http://localhost:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
