import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.js';

/**
 * The contract's modules (schemas, messages, paths) are plain declarations, so a screen gets only
 * the ones it uses: without this, `import { paths } from 'contract'` kept every module of the
 * barrel, and with them zod and every schema, in the first load. contract/zod-ko.ts is the one
 * module with an effect (zod's Korean messages, and jitless under the CSP); the barrel no longer
 * keeps it, so web/src/main.tsx imports it first, before any schema is built.
 */
const contractDeclarations = /[\\/]contract[\\/](?!zod-ko\.)[\w-]+\.ts$/;

/**
 * Chunks (issue 11, first load): the libraries every screen runs (React, React Router, TanStack
 * Query) in one `vendor` chunk that stays cached across deploys of the app's own code, the rest of
 * what the entry loads in the entry itself, and each screen in its own lazy chunk (the router's
 * `lazy`). `$initial` keeps modules that only lazy screens use (TipTap, the console, forms) out of
 * both. Fewer initial files also matters over HTTP/1.1, which fetches at most six at a time.
 */
const chunkGroups = [
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
    tags: ['$initial' as const],
    priority: 2,
  },
  { name: 'app', tags: ['$initial' as const], priority: 1 },
];

export default defineConfig({
  root: 'web',
  // precompress: .br/.gz of every compressible output file, served by @fastify/static (server/web.ts).
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // dist/web/.vite/manifest.json: the server names the first screen's chunks in its HTML from it
    // (server/modules/seo/first-load.ts). Never served: @fastify/static ignores dot-folders.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // Brotli at quality 11 in precompress is slow by design (about 2 s, once per build); the
      // timing check would report it as a slow plugin on every build.
      checks: { bundlerTimings: false },
      treeshake: { moduleSideEffects: (id: string) => (contractDeclarations.test(id) ? false : undefined) },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
