import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { role } from '../db/schema';
import type { FileStore } from '@server/modules/file';
import { seedBase } from './base';
import { seedDemo } from './demo';
import { withTransaction } from '@server/db/transaction';
import { seedHeaderMenu } from '@server/modules/menu';

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
 * First start only: a database that already has roles is left as it is, so a restart never
 * duplicates or overwrites anything. Everything is written in one transaction, then analysed.
 */
export async function seedIfEmpty(db: Db, files: FileStore, opts: SeedOptions, log: Log): Promise<boolean> {
  // Every start: the header menu of spec §2 when there is none (a new site, or one upgraded from
  // before the menu was data); a menu staff saved is never touched (issue 22).
  if (await seedHeaderMenu(db)) log.info('seeded the header menu');
  const roleCount = async (q: Db) => ((await q.select({ n: sql<number>`count(*)::int` }).from(role)) as [{ n: number }])[0].n;
  if ((await roleCount(db)) > 0) return false;
  const result = await withTransaction(db, async (tx) => {
    // Instances starting together on a new database (issue 10): one seeds while the others wait
    // here, then find the roles and leave them. Released when the transaction ends.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await roleCount(tx)) > 0) return null;
    const base = await seedBase(tx, opts);
    if (opts.seedDemo) await seedDemo(tx, files, { adminUserId: base.adminUserId });
    return base;
  });
  if (!result) return false;
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
