import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://localhost:3000';

export default defineConfig({
  // The client folder, whichever directory vite is started from.
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [react()],
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
