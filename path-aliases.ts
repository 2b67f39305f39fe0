import { fileURLToPath } from 'node:url';

/**
 * The path aliases of tsconfig.json's `paths`, for Vite and Vitest (tsx, esbuild and Playwright
 * read tsconfig.json themselves). `@contract` alone is the contract's barrel.
 */
const folder = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export const pathAliases = [
  { find: /^@contract(?=\/|$)/, replacement: folder('./contract') },
  { find: /^@server(?=\/)/, replacement: folder('./server') },
  { find: /^@web(?=\/)/, replacement: folder('./web/src') },
  { find: /^@e2e(?=\/)/, replacement: folder('./e2e') },
  { find: /^@scripts(?=\/)/, replacement: folder('./scripts') },
];
