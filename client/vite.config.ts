import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const api = 'http://localhost:3000';

export default defineConfig({
  // The client folder, whichever directory vite is started from.
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [
    react(),
    // Brotli and gzip copies at maximum quality, made once here so the server only picks one (never compresses per request).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|svg|json|txt)$/, threshold: 1024 }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
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
