import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { pathAliases } from './path-aliases.js';
import { embeddedOnlyApiTests } from './server/test/embedded-only.js';

const alwaysExcluded = ['e2e/**', '**/node_modules/**', 'dist/**'];

/**
 * Unit files that must not share a process: transaction-fix-upstream.test.ts runs drizzle-orm as
 * upstream ships it, which another file's import of server/db/client.ts patches for the process.
 */
const unitTestsInOwnProcess = ['server/db/transaction-fix-upstream.test.ts'];

/**
 * Three tiers (README "Tests"):
 * - unit: pure functions, no database, environment node (web helpers too), in shared processes
 *   (the project unit-own-process holds the one file that needs a process of its own);
 * - component: `web/**\/*.test.tsx`, a screen or a dialog rendered with React Testing Library in
 *   happy-dom, its API answers given by a stubbed fetch (web/src/test/);
 * - api: `server/**\/*.api.test.ts`, each file with its own database
 *   (server/test/harness.ts): a copy of a migrated template database on the run's one PostgreSQL
 *   server (embedded, started by server/test/global-setup.ts, or the one TEST_DATABASE_URL names).
 *   On a server named by TEST_DATABASE_URL it leaves out the files that never use the run's server
 *   (server/test/embedded-only.ts): there they would only repeat the embedded run.
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
          exclude: [...alwaysExcluded, 'server/**/*.api.test.ts', ...unitTestsInOwnProcess],
          // Pure functions: the files share their workers' processes and loaded modules. A new
          // process per file spent four fifths of this tier starting processes and loading the same
          // modules again (2-core machine: 46 s, 12 s shared).
          isolate: false,
        },
      },
      {
        resolve: { alias: pathAliases },
        test: {
          // `--project 'unit*'` runs both unit projects (package.json, scripts/test.mjs).
          name: 'unit-own-process',
          environment: 'node',
          include: unitTestsInOwnProcess,
        },
      },
      {
        resolve: { alias: pathAliases },
        test: {
          name: 'component',
          environment: 'happy-dom',
          include: ['web/**/*.test.tsx'],
          exclude: alwaysExcluded,
          setupFiles: ['web/src/test/setup.ts'],
          // A form filled key by key takes a few seconds on a busy 2-core machine.
          testTimeout: 30_000,
          // Screens rendered with their stubbed fetch, cleaned up after each test (web/src/test/setup.ts):
          // the files share their workers' processes, as the unit files do (50 s -> 15 s).
          isolate: false,
        },
      },
      {
        resolve: { alias: pathAliases },
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.api.test.ts'],
          exclude: [...alwaysExcluded, ...(process.env.TEST_DATABASE_URL ? Object.keys(embeddedOnlyApiTests) : [])],
          // Worker processes, as the files start PostgreSQL and server processes; the files share
          // them and the modules loaded (isolate: false): a process per file spent a third of this
          // tier loading the app again (1.7 s a file; 2-core machine: 343 -> 258 s, and 292 -> 199 s
          // on a server). So a file puts back what it changes of the process (fake timers, the
          // environment) after each test, as the files do; they passed in shuffled orders too
          // (--sequence.shuffle.files).
          pool: 'forks',
          isolate: false,
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
