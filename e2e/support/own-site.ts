import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSite, type Site } from '@scripts/site.mjs';
import { test as base } from '../fixtures';
import { ADMIN } from './accounts';
import { e2eServerEnv } from './server-env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where each own site's log goes when it logged anything; Playwright empties test-results at the start of a run. */
const OWN_SITE_LOGS = path.join(root, 'test-results/own-site-logs');

/**
 * A spec's own site, for tests that must change what every other spec sees (the site's settings,
 * the boards of the menu, the newest posts of a board): scripts/site.mjs starts the built app on a
 * free port with a fresh data directory and its own embedded PostgreSQL, the demo content off, and
 * every page and request of the spec's tests goes there (`baseURL`). Started the first time a test
 * or hook asks for it; stopped when the worker ends (and by the spec's afterAll, if it wants it
 * sooner: stop is idempotent). Mail and limits as on the shared server (./server-env.ts); `env`
 * adds to them (LOG_LEVEL info: every request in the log a failed run prints, scripts/e2e.mjs).
 */
export function testOnOwnSite(name: string, env: Record<string, string> = {}) {
  return base.extend<object, { ownSite: Site }>({
    ownSite: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter.
      async ({}, use) => {
        const site = await startSite(root, {
          name,
          adminPassword: ADMIN.password,
          env: {
            SEED_DEMO: 'false',
            ...e2eServerEnv(),
            ...env,
          },
        });
        try {
          await use(site);
        } finally {
          await site.stop();
          // For a failed run to show (scripts/e2e.mjs prints it): what the server logged, if anything.
          const log = site.log();
          if (log) {
            fs.mkdirSync(OWN_SITE_LOGS, { recursive: true });
            fs.writeFileSync(path.join(OWN_SITE_LOGS, `${name}-${process.pid}.log`), `${log}\n`);
          }
        }
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    baseURL: async ({ ownSite }, use) => {
      await use(ownSite.baseURL);
    },
  });
}
