import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { manifestPath, webManifest } from './src/app/web-manifest';

/** The web app manifests, one per UI language (src/app/web-manifest.ts). */
function manifests(): Plugin {
  return {
    name: 'orchard-manifests',
    generateBundle() {
      for (const lang of ['he', 'en'] as const)
        this.emitFile({ type: 'asset', fileName: manifestPath(lang).slice(1), source: JSON.stringify(webManifest(lang), null, 2) });
    },
  };
}

// The API server listens on 8080 by default; the dev server proxies /api to it
// so the SPA always talks to a same-origin `/api` (client.md §7).
export default defineConfig({
  plugins: [
    react(),
    manifests(),
    // The service worker (src/sw/sw.ts, README "Installed app and offline"): Workbox in injectManifest mode. The
    // app registers it itself and asks before a new version takes over (src/app/app-update.tsx).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      injectManifest: {
        // The app shell: every script (the map's workers too), style, the HTML, icons and manifests. Fonts are the
        // system's; the map style is in the scripts. A survey's data is kept by the app (src/offline), not here.
        // The admin screens are left to the network: they need the server anyway, and a grower's phone never
        // opens them.
        globPatterns: ['**/*.{js,mjs,css,html,webmanifest,svg,png,woff2}'],
        globIgnores: [
          '**/node_modules/**',
          'sw.js',
          'assets/{admin-area,data-editor-page,dashboard-page,clients-page,users-page,projects-page,reports-page,configuration-page}-*',
        ],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 4000 },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
});
