import { defineConfig } from 'vitest/config';

const alwaysExcluded = ['e2e/**', '**/node_modules/**', 'dist/**'];

/**
 * Two tiers (README "Tests"):
 * - unit: pure functions, no database, environment node (web helpers too);
 * - api: `server/**\/*.api.test.ts`, each file in its own process with its own database
 *   (server/test/harness.ts): a copy of a migrated template database on the run's one PostgreSQL
 *   server (embedded, started by server/test/global-setup.ts, or the one TEST_DATABASE_URL names).
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
          // Test files change process-wide state (fake timers, environment): one process each.
          pool: 'forks',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
