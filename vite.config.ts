import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { pathAliases } from './path-aliases.js';
import { precompress } from './scripts/vite-precompress.js';

/**
 * The contract's modules (schemas, messages, paths) are plain declarations, so a screen gets only
 * the ones it uses: without this, `import { paths } from 'contract'` kept every module of the
 * barrel, and with them zod and every schema, in the first load. contract/zod-ko.ts is the one
 * module with an effect (zod's Korean messages, and jitless under the CSP); the barrel no longer
 * keeps it, so every module that builds schemas imports it first.
 *
 * A module that is kept runs whole, every schema in it built, even when only a constant of it is
 * used; so the sentences, patterns and value lists the screens read live in modules of their own
 * without zod (account-messages, board-messages, board-values, messages, paths, screens),
 * and a screen that builds no schema (the home page, a list, a post) loads no zod at all.
 */
const contractDeclarations = /[\\/]contract[\\/](?!zod-ko\.)[\w-]+\.ts$/;
const contractModule = /[\\/]contract[\\/][\w-]+\.ts$/;
const consoleContract = /[\\/]contract[\\/](admin|alumni|ops)/;
/** The password estimator and its word lists (issue 25): a lazy chunk of their own with zxcvbn's dictionaries. */
const passwordEstimator = /[\\/]contract[\\/](password-strength|korean-keyboard)\.ts$/;
const zodModule = /[\\/]node_modules[\\/]zod[\\/]/;

/** The reader's board screens: the list and the post. */
const readerScreens = ['./web/src/features/board/routes/BoardListPage.tsx', './web/src/features/board/routes/BoardViewPage.tsx'].map(
  (file) => fileURLToPath(new URL(file, import.meta.url)),
);
const boardFeature = /[\\/]web[\\/]src[\\/]features[\\/]board[\\/]/;
const sharedUi = /[\\/]web[\\/]src[\\/]ui[\\/]/;

/** What Rolldown's chunking context tells of the module graph (the part used here). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: string[] } | null;
}

/** zod, and the contract's modules that build schemas with it (those importing zod). */
function isSchemaModule(id: string, graph: ModuleGraph): boolean {
  if (zodModule.test(id)) return true;
  return contractModule.test(id) && (graph.getModuleInfo(id)?.importedIds.some((imported) => zodModule.test(imported)) ?? false);
}

const readerModules = new WeakMap<ModuleGraph, Set<string>>();

/** Every module the reader screens import, directly or not (the screens' own modules aside). */
function importedByReaders(graph: ModuleGraph): Set<string> {
  let found = readerModules.get(graph);
  if (found) return found;
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  readerScreens.forEach(visit);
  for (const screen of readerScreens) seen.delete(screen);
  found = seen;
  readerModules.set(graph, found);
  return found;
}

/**
 * Chunks (issue 11, first load). Each screen is its own lazy chunk (the router's `lazy`); besides:
 * - `vendor`: the libraries every screen runs (React, React Router, TanStack Query, also the
 *   parts only some screens use, a few KB), cached across deploys of the app's own code;
 * - `app`: the rest of what the entry needs, in the entry;
 * - `contract`: the contract's plain values (sentences, value lists) the entry does not already
 *   hold, a few KB, shared by the screens and the schemas built from them;
 * - `schemas`: zod and the contract's schemas, for the screens with forms (the console's own
 *   schemas stay with the console); the list and the post build none, so they do not load it;
 * - for the list and the post, two chunks instead of the fifteen small ones automatic chunking
 *   made, each a request of its own (six at a time over HTTP/1.1): the interface parts they use,
 *   and what of the board's feature they import (the write screen's editor, TipTap, is not part
 *   of it).
 * `$initial` keeps what only lazy screens use out of the entry.
 */
const chunkGroups = [
  { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 3 },
  { name: 'app', tags: ['$initial' as const], priority: 2 },
  // Before `schemas`, which would otherwise take these with the schema modules that import them.
  { name: (id: string, graph: ModuleGraph) => (contractModule.test(id) && !passwordEstimator.test(id) && !isSchemaModule(id, graph) ? 'contract' : null), priority: 1 },
  { name: (id: string, graph: ModuleGraph) => (!consoleContract.test(id) && isSchemaModule(id, graph) ? 'schemas' : null), priority: 0 },
  { name: (id: string, graph: ModuleGraph) => (sharedUi.test(id) && importedByReaders(graph).has(id) ? 'ui' : null), priority: 0 },
  { name: (id: string, graph: ModuleGraph) => (boardFeature.test(id) && importedByReaders(graph).has(id) ? 'board-read' : null), priority: 0 },
];

export default defineConfig({
  root: 'web',
  // precompress: .br/.gz of every compressible output file, served by @fastify/static (server/web.ts).
  plugins: [react(), precompress()],
  resolve: { alias: pathAliases },
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
