import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { Clock } from '../lib/clock';
import { loadTokenKeys, type TokenKeys } from '../auth/tokens';
import { sessionToken } from './tokens';
import { loadConfig, type Config } from '../config';
import pg from 'pg';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder, openDatabase, type Database, type Db } from '../db/client';
import { appUser } from '../db/schema';
import { seedIfEmpty } from '../seed';
import { ROLE_MEMBER } from '../seed/base';
import { seedDemo } from '../seed/demo';
import { serverQuery, TEST_ADMIN_ID, TEST_ADMIN_PASSWORD, withDatabase } from './global-setup';
import { startS3Server, type TestS3Server } from './s3-server';
import { withTransaction } from '@server/db/transaction';

/**
 * The API test harness: one database per test FILE (each file runs in its own process, see
 * vitest.config.ts), never mocked. It is a copy (`CREATE DATABASE ... TEMPLATE`) of the migrated
 * and seeded template that server/test/global-setup.ts makes once per run on the run's one
 * PostgreSQL server (embedded, or the one TEST_DATABASE_URL names), dropped on dispose.
 */

export interface TestDatabase extends Database {
  /** The pool, for raw SQL (`query(text, params)`). */
  raw: pg.Pool;
  /** Closes the connections and drops the database — call once. */
  dispose(): Promise<void>;
}

/** True when the run's server is the one TEST_DATABASE_URL names rather than an embedded one. */
export const usingServer = () => Boolean(process.env.TEST_DATABASE_URL);

async function createDatabaseCopy(template: string | null): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('testServerUrl');
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await serverQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // pool.end() resolves before its sockets have closed; dropping WITH (FORCE) at once would
        // kill a closing connection and surface as an uncaught error, so wait for them to go.
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
          if (rows[0]!.n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A database of this test file's own. `empty: true` gives one with no tables at all (for the
 * migrations test); otherwise it is migrated to the latest migration and already seeded (roles,
 * settings, boards, administrator) by the template.
 */
export async function openTestDatabase(opts: { empty?: boolean } = {}): Promise<TestDatabase> {
  const { url, drop } = await createDatabaseCopy(opts.empty ? null : inject('templateDatabase'));
  let database: Database;
  try {
    // The template is migrated already; migrating again checks it is still the latest (a no-op).
    database = await openDatabase({ databaseUrl: url, migrate: !opts.empty });
  } catch (err) {
    await drop();
    throw err;
  }
  return {
    ...database,
    raw: database.pool,
    dispose: async () => {
      await database.close();
      await drop();
    },
  };
}

/** Applies the migrations of `folder` with drizzle's migrator. */
export async function migrateFolder(database: Database, folder: string = migrationsFolder): Promise<void> {
  await migrate(database.db as never, { migrationsFolder: folder });
}

export interface TestUsers {
  admin: number;
  member: number;
  otherMember: number;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  config: Config;
  keys: TokenKeys;
  users: TestUsers;
  tokens: { admin: string; member: string; otherMember: string };
  /** The S3 server the app stores files in, when `fileStore` is 's3'. */
  s3: TestS3Server | null;
  /** `{ authorization: 'Bearer …' }` for a token, `{}` for a guest. */
  auth(token?: string): Record<string, string>;
  close(): Promise<void>;
}

/** A clock that stands still until a test moves it (pincode expiry, lockout, token lifetimes). */
export class TestClock implements Clock {
  private ms: number;

  constructor(start: Date = new Date()) {
    this.ms = start.getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}

/** Per-minute request limits high enough that no test trips them unless it sets its own. */
const generousRateLimits = {
  RATE_LIMIT_SIGNIN: '100000',
  RATE_LIMIT_CHECK: '100000',
  RATE_LIMIT_PINCODE: '100000',
  RATE_LIMIT_FIND: '100000',
  RATE_LIMIT_WRITE: '100000',
  RATE_LIMIT_SEARCH: '100000',
};

export interface TestAppOptions {
  /** Add the demo content of SEED_DEMO=true (12 notices, 12 public posts). */
  seedDemo?: boolean;
  /** The app's clock (default: the system clock). */
  clock?: Clock;
  /** More environment for loadConfig, e.g. `{ RATE_LIMIT_SIGNIN: '3' }` or `{ SMTP_URL: ... }`. */
  env?: Record<string, string>;
  /** Runs on the built app before `ready()`, e.g. to register a test-only route. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** Where uploads go: a temporary FILES_DIR, or an S3 server of its own (default: TEST_FILE_STORE, else directory). */
  fileStore?: TestFileStore;
  /** The server's own logger (server/logger.ts) instead of none, e.g. writing into a test's buffer. */
  logger?: FastifyServerOptions['loggerInstance'];
}

export type TestFileStore = 'directory' | 's3';
export const testFileStores: readonly TestFileStore[] = ['directory', 's3'];

/** Inserts a member who cannot sign in (no real password hash); `createMember` in factories.ts makes one who can. */
export async function insertMember(db: Db, userKeyCode: string, name: string, status: 'ACTIVE' | 'LOCKED' | 'RETIRED' = 'ACTIVE') {
  const [row] = await db
    .insert(appUser)
    .values({ userKeyCode, userType: 'Member', roleCode: ROLE_MEMBER, name, passwordHash: 'not-a-real-hash', status })
    .returning({ id: appUser.id });
  return row!.id;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-api-test-'));
  let app: FastifyInstance | undefined;
  let s3: TestS3Server | null = null;
  try {
    if ((opts.fileStore ?? process.env.TEST_FILE_STORE ?? 'directory') === 's3') s3 = await startS3Server();
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ADMIN_ID: TEST_ADMIN_ID,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      SEED_DEMO: opts.seedDemo ? 'true' : 'false',
      LOG_LEVEL: 'silent',
      ...generousRateLimits,
      ...s3?.env,
      ...opts.env,
    });
    const { db } = database;
    const keys = await loadTokenKeys(db, config.jwtSecret, config.jwtPreviousSecret, opts.clock?.now());
    app = await buildApp({ db, config, keys, clock: opts.clock }, opts.logger ? { loggerInstance: opts.logger } : {});
    const seeded = await seedIfEmpty(
      db,
      app.deps.files,
      { adminId: config.adminId, adminPassword: config.adminPassword, dataDir, seedDemo: config.seedDemo },
      app.log,
    );
    const [admin] = await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.userKeyCode, config.adminId));
    if (!admin) throw new Error('the test database has no administrator');
    if (config.seedDemo && !seeded) {
      // The template is seeded without demo content; add it as SEED_DEMO=true would.
      await withTransaction(db, (tx) => seedDemo(tx, app!.deps.files, { adminUserId: admin.id }));
    }
    const users: TestUsers = {
      admin: admin.id,
      member: await insertMember(db, 'member1', '김회원'),
      otherMember: await insertMember(db, 'member2', '이회원'),
    };
    await opts.configure?.(app);
    await app.ready();
    const tokens = {
      admin: await sessionToken(db, keys, users.admin, app.deps.clock.now()),
      member: await sessionToken(db, keys, users.member, app.deps.clock.now()),
      otherMember: await sessionToken(db, keys, users.otherMember, app.deps.clock.now()),
    };
    const builtApp = app;
    let closed = false;
    return {
      app: builtApp,
      db,
      database,
      config,
      keys,
      users,
      tokens,
      s3,
      auth: (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {}),
      close: async () => {
        if (closed) return;
        closed = true;
        await builtApp.close();
        await database.dispose();
        await s3?.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await app?.close();
    await database.dispose();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Another app instance on this test file's database, with its own pool, cache, view counter and
 * LISTEN connection, as a second server process would have (`config` overrides settings).
 */
export async function openSecondInstance(
  t: TestApp,
  config: Partial<Config> = {},
): Promise<{ app: FastifyInstance; db: Db; close(): Promise<void> }> {
  const database = await openDatabase({ databaseUrl: t.database.url, migrate: false });
  const app = await buildApp({ db: database.db, config: { ...t.config, ...config }, keys: t.keys });
  await app.ready();
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The parsed JSON body of an injected response. */
export function body<T = Record<string, unknown>>(res: Pick<LightMyRequestResponse, 'body'>): T {
  return JSON.parse(res.body) as T;
}

/** The `data` of a success envelope, after checking that the response is one. */
export function data<T = Record<string, unknown>>(res: Pick<LightMyRequestResponse, 'body' | 'statusCode'>): T {
  const parsed = body<{ code: string; data: T }>(res);
  if (res.statusCode !== 200 || parsed.code !== 'SUCCESS' || !('data' in parsed)) {
    throw new Error(`expected a 200 success envelope, got ${res.statusCode}: ${res.body.slice(0, 500)}`);
  }
  return parsed.data;
}
