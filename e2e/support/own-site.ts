import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSite, type Site } from '../../scripts/site.mjs';
import { test as base } from '../fixtures';
import { ADMIN } from './accounts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A spec's own site, for tests that must change what every other spec sees (the site's settings,
 * the boards of the menu, the newest posts of a board): scripts/site.mjs starts the built app on a
 * free port with a fresh data directory and its own embedded PostgreSQL, the demo content off, and
 * every page and request of the spec's tests goes there (`baseURL`). Started the first time a test
 * or hook asks for it; stopped when the worker ends (and by the spec's afterAll, if it wants it
 * sooner: stop is idempotent). Pincodes go to the run's mail catcher, as on the shared server.
 */
export function testOnOwnSite(name: string) {
  return base.extend<object, { ownSite: Site }>({
    ownSite: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter.
      async ({}, use) => {
        const site = await startSite(root, {
          name,
          adminPassword: ADMIN.password,
          env: {
            SEED_DEMO: 'false',
            LOG_LEVEL: 'warn',
            SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
            SMS_WEBHOOK_URL: `http://127.0.0.1:${process.env.E2E_MAIL_PORT}/sms`,
            MAIL_FROM: '"인체이식형 의료기기 환자등록사업" <no-reply@registry.test>',
            RATE_LIMIT_SIGNIN: '1000',
            RATE_LIMIT_CHECK: '1000',
            RATE_LIMIT_PINCODE: '1000',
            RATE_LIMIT_FIND: '1000',
            RATE_LIMIT_WRITE: '1000',
            PINCODE_RESEND_SECONDS: '0',
          },
        });
        try {
          await use(site);
        } finally {
          await site.stop();
        }
      },
      { scope: 'worker', timeout: 180_000 },
    ],
    baseURL: async ({ ownSite }, use) => {
      await use(ownSite.baseURL);
    },
  });
}
