import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases.js';

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
        resolve: { alias: pathAliases },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['**/*.test.ts', 'web/**/*.test.ts'],
          exclude: [...alwaysExcluded, 'server/**/*.api.test.ts'],
        },
      },
      {
        resolve: { alias: pathAliases },
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.api.test.ts'],
          exclude: alwaysExcluded,
          // Test files change process-wide state (fake timers, environment): one process each.
          pool: 'forks',
          // A file spends much of its time waiting on PostgreSQL, another process: one file per core
          // keeps every core busy. Vitest's default (cores - 1) runs them one at a time on a 2-core
          // CI machine, which made this tier 358 s there instead of 250 s.
          maxWorkers: Math.max(2, os.availableParallelism()),
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
