import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { LocalFileStore } from '../modules/file/store';
import { seedIfEmpty } from '../seed';

/** The seeded administrator of every test database. */
export const TEST_ADMIN_ID = 'admin';
export const TEST_ADMIN_PASSWORD = 'test-staff-passphrase-1234';

declare module 'vitest' {
  interface ProvidedContext {
    /** A URL of the test server's maintenance database (`postgres`), for CREATE/DROP DATABASE. */
    testServerUrl: string;
    /** A database migrated and seeded (without demo content) that every test file clones. */
    templateDatabase: string;
  }
}

/**
 * Runs once per `vitest run` of the api project: one PostgreSQL server for the whole run (an
 * embedded one in a temporary directory, or the server TEST_DATABASE_URL names) and one migrated
 * and seeded template database on it. Each test file then gets its own copy with
 * `CREATE DATABASE ... TEMPLATE` (server/test/harness.ts), which takes a fraction of a second.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-api-'));
  // As root the embedded server runs as the user postgres, which must pass through (not list) it.
  fs.chmodSync(tmp, 0o711);
  const cleanups: (() => Promise<void>)[] = [async () => fs.rmSync(tmp, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step().catch((err: unknown) => console.error(err));
  };
  try {
    let serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      // Throwaway data: no fsync, so creating a database per test file stays cheap.
      const embedded = await startEmbeddedPostgres({ dataDir: tmp, durable: false, log: { warn: (m) => console.error(m) } });
      cleanups.push(embedded.stop);
      serverUrl = embedded.url('postgres');
    }
    const template = `nids_template_${randomBytes(4).toString('hex')}`;
    await serverQuery(serverUrl, `CREATE DATABASE ${template}`);
    cleanups.push(async () => void (await serverQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)));

    const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, template) });
    try {
      await seedIfEmpty(
        database.db,
        new LocalFileStore(path.join(tmp, 'files')),
        { adminId: TEST_ADMIN_ID, adminPassword: TEST_ADMIN_PASSWORD, dataDir: tmp, seedDemo: false },
        { info: () => {}, warn: () => {} },
      );
    } finally {
      await database.close();
    }
    project.provide('testServerUrl', serverUrl);
    project.provide('templateDatabase', template);
  } catch (err) {
    await cleanup();
    throw err;
  }
  if (process.env.TEST_TIMINGS) console.log(`test server and template ready in ${Date.now() - started} ms`);
  return cleanup;
}

/** `url` with its database name replaced (query parameters such as a socket `host` are kept). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function serverQuery(url: string, text: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}
