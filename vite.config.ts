import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server listens on 8080 by default; the dev server proxies /api to it
// so the SPA always talks to a same-origin `/api` (client.md §7).
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 4000 },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
});
