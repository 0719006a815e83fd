import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const api = 'http://localhost:3000';

/**
 * Marks the chunks every first visit runs (the entry and what it imports) with V8's explicit compile hint, so Chrome
 * compiles their functions on a background thread while they download instead of on the main thread at first call:
 * measured with `npm run bench:lighthouse`, the login's total blocking time went from 185 ms to 13 ms (median of 3).
 * https://v8.dev/blog/explicit-compile-hints
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'evolution:compile-hints',
    apply: 'build',
    // After Vite's own generateBundle, which puts its preload map at the top (the hint must be the first line) and
    // after which the compression plugin has already made the .br and .gz copies: those are made again here.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const boot = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || boot.has(fileName)) return;
          boot.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
        for (const fileName of boot) {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk') continue;
          chunk.code = HINT + chunk.code;
          // One more line at the top: the source map's lines move down by one.
          const map = bundle[`${fileName}.map`];
          if (map?.type === 'asset') {
            const text = typeof map.source === 'string' ? map.source : new TextDecoder().decode(map.source);
            const json = JSON.parse(text) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
          const br = bundle[`${fileName}.br`];
          if (br?.type === 'asset')
            br.source = brotliCompressSync(chunk.code, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
            });
          const gz = bundle[`${fileName}.gz`];
          if (gz?.type === 'asset') gz.source = gzipSync(chunk.code, { level: 9 });
        }
      },
    },
  };
}

export default defineConfig({
  // The client folder, whichever directory vite is started from.
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [
    react(),
    compileHints(),
    // Brotli and gzip copies at maximum quality, made once here so the server only picks one (never compresses per request).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 1024,
    }),
    // Installable, and opens with no network: the manifest, and the service worker (src/sw.ts) with every file of the
    // build precached. The app registers it itself once the first screen has settled (offline/serviceWorker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Evolution: strength, skill and nutrition coaching',
        short_name: 'Evolution',
        description:
          'Progressive strength, skill and nutrition coaching: your training, results and recipes, in the gym.',
        lang: 'en-GB',
        // The member's home: Ground Zero (a visitor is sent to the login first).
        start_url: '/#/gateway/gateway',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0b0d10',
        background_color: '#0b0d10',
        categories: ['health', 'fitness', 'lifestyle'],
        icons: [
          { src: 'pwa-64x64.png', sizes: '64x64', type: 'image/png' },
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // Every screen's chunk and stylesheet (the plugin adds the manifest and its icons), not the source maps nor the
        // .br/.gz copies (the browser gets those decoded anyway). Vite's hashed names are their own revision.
        globPatterns: ['**/*.{js,css,html,svg,ico}'],
        globIgnores: ['**/*.map'],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Built for the operators (an error's stack mapped back to the source), named by no bundle and never served.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry shares with the first screens (the route table, the lazy-screen helper) is one chunk
            // rather than several: a first visit over HTTP/1.1's six connections then needs one wave of requests.
            { name: 'shared', tags: ['$initial'], minShareCount: 2 },
            // The small building blocks most screens use (buttons, fields, tiles, the config, the live stream) and
            // what they import (React, React Query, the tRPC client, the router), in one chunk the boot fetches: a
            // screen then needs its own chunk and CSS only, not five more small files queueing for HTTP/1.1's six
            // connections. Measured with bench:lighthouse (median of 3): the runner's LCP 2,447 -> 2,136 ms, the
            // login's 2,162 -> 1,980 ms, for 1.1 KB more (gzipped) before the app runs.
            {
              name: 'blocks',
              test: /client\/src\/(components\/ui\/(Button|Field|Tile|Spinner|QueryState|icons)|components\/VideoSlot|config|api\/live)\./,
              priority: -1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/trpc': api,
      '/api': api,
      '/healthz': api,
    },
  },
  preview: {
    proxy: {
      '/trpc': api,
      '/api': api,
      '/healthz': api,
    },
  },
});
