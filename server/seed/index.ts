import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { role } from '../db/schema';
import type { FileStore } from '@server/modules/file';
import { seedBase } from './base';
import { seedDemo } from './demo';
import { seedFaqIfMissing } from './faq';
import { withTransaction } from '@server/db/transaction';
import { seedMissingContent } from '@server/modules/content';
import { seedHeaderMenu } from '@server/modules/menu';
import { initialContent } from './content';

export interface SeedOptions {
  adminId: string;
  adminPassword?: string;
  dataDir: string;
  seedDemo: boolean;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** The advisory lock key of the first seed (the migrations use 7_342_001, background jobs 7_342_002). */
const SEED_LOCK = 7_342_003;

/**
 * Every start. A new database gets what a new site needs, in one transaction, then analysed; a
 * database that already has roles is left as it is (a restart never duplicates or overwrites
 * anything) except for what a later version adds and it lacks (seedMissing: the FAQ board, the
 * content pages, the header menu). True when the site itself was seeded.
 */
export async function seedIfEmpty(db: Db, files: FileStore, opts: SeedOptions, log: Log): Promise<boolean> {
  const roleCount = async (q: Db) => ((await q.select({ n: sql<number>`count(*)::int` }).from(role)) as [{ n: number }])[0].n;
  if ((await roleCount(db)) > 0) {
    await seedWhatIsMissing(db, log);
    return false;
  }
  const result = await withTransaction(db, async (tx) => {
    // Instances starting together on a new database (issue 10): one seeds while the others wait
    // here, then find the roles and leave them. Released when the transaction ends.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await roleCount(tx)) > 0) return null;
    const base = await seedBase(tx, opts);
    if (opts.seedDemo) await seedDemo(tx, files, { adminUserId: base.adminUserId });
    await seedMissing(tx);
    return base;
  });
  if (!result) {
    await seedWhatIsMissing(db, log);
    return false;
  }
  // Fresh statistics for what was just written, so the first requests get index plans; a new
  // database has none until autovacuum gets to it (never where it is off).
  await db.execute(sql`ANALYZE`);
  log.info({ adminId: opts.adminId }, 'seeded a new database (roles, settings, boards, administrator)');
  if (result.adminPasswordFile) {
    log.warn(
      `The initial administrator "${opts.adminId}" has a generated password, written once to ${result.adminPasswordFile} (mode 600). Sign in and change it.`,
    );
  }
  return true;
}

/**
 * What a later version seeds that an existing site lacks (issue 22 on): each step writes only what
 * is not there yet, so it runs on every start. A new database gets them inside its first seed.
 * Returns what was added, for the log.
 */
async function seedMissing(tx: Db): Promise<string[]> {
  const added: string[] = [];
  if (await seedFaqIfMissing(tx, new Date())) added.push('faq board');
  // Issue 22: every content page without a version gets today's text; the header menu of spec §2
  // when there is none (a menu staff saved is never touched).
  const pages = await seedMissingContent(tx, initialContent);
  if (pages.length > 0) added.push(`content pages (${pages.join(', ')})`);
  if (await seedHeaderMenu(tx)) added.push('header menu');
  return added;
}

/**
 * An existing database's start: the missing seeds in one transaction under the first seed's lock,
 * so instances starting together after an upgrade write them once (the others wait, then find them).
 */
async function seedWhatIsMissing(db: Db, log: Log): Promise<void> {
  const added = await withTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    return seedMissing(tx);
  });
  if (added.length > 0) log.info({ added }, 'seeded what this version adds to an existing site');
}
