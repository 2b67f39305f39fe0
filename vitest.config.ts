import { defineConfig } from 'vitest/config';

const alwaysExcluded = ['e2e/**', '**/node_modules/**', 'dist/**'];

/**
 * Two tiers (README "Tests"):
 * - unit: pure functions, no database, environment node (web helpers too);
 * - api: `server/**\/*.api.test.ts`, each file in its own process with its own database
 *   (server/test/harness.ts): a clone of a migrated PGlite template, or a new database on the
 *   PostgreSQL server named by TEST_DATABASE_URL.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['**/*.test.ts', 'web/**/*.test.ts'],
          exclude: [...alwaysExcluded, 'server/**/*.api.test.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.api.test.ts'],
          exclude: alwaysExcluded,
          // One PGlite (WASM, ~400 MB that close() does not return) per test process.
          pool: 'forks',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
