import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.js';

export default defineConfig({
  root: 'web',
  // precompress: .br/.gz of every compressible output file, served by @fastify/static (server/web.ts).
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Brotli at quality 11 in precompress is slow by design (about 2 s, once per build); the
    // timing check would report it as a slow plugin on every build.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
