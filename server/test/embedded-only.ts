/**
 * API test files that never use the run's PostgreSQL server (server/test/global-setup.ts): each
 * starts PostgreSQL of its own (an embedded server, or the real server process with its embedded
 * one) and reads neither `inject('testServerUrl')` nor TEST_DATABASE_URL. Run on a PostgreSQL
 * server (TEST_DATABASE_URL set) they would repeat the embedded run's work exactly, so the api
 * project leaves them out there (vitest.config.ts); `npm test` runs every file on embedded
 * PostgreSQL first. server/test/embedded-only.test.ts holds this list to the files' imports: a
 * file listed here that uses the harness's database, or an API test file that uses none and is not
 * listed, fails it.
 */
export const embeddedOnlyApiTests: Readonly<Record<string, string>> = {
  'server/startup.api.test.ts': '`server/main.ts` on fresh DATA_DIRs: its own embedded PostgreSQL each start',
  'server/production-build.api.test.ts': 'the compiled server with `npm start` on a fresh DATA_DIR: its own embedded PostgreSQL',
  'server/db/embedded.api.test.ts': 'the embedded PostgreSQL server itself, in a directory of its own',
  'server/db/connection.api.test.ts': 'TLS and statement timeouts against an embedded server of its own with TLS on',
  'server/db/embedded-outage.api.test.ts': 'kill -9 of the embedded PostgreSQL, then of `server/main.ts`, on a DATA_DIR of its own',
  'server/modules/access-record/verify-script-embedded.api.test.ts': '`npm run verify-access-records` on an embedded PostgreSQL of its own DATA_DIR',
  'server/modules/ops/shutdown.api.test.ts': 'SIGTERM to `server/main.ts` on its own embedded PostgreSQL',
};
