import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { role } from '../db/schema';
import type { FileStore } from '../modules/file/store';
import { seedBase } from './base';
import { seedDemo } from './demo';

export interface SeedOptions {
  adminId: string;
  adminPassword?: string;
  dataDir: string;
  seedDemo: boolean;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * First start only: a database that already has roles is left as it is, so a restart never
 * duplicates or overwrites anything. Everything is written in one transaction, then analysed.
 */
export async function seedIfEmpty(db: Db, files: FileStore, opts: SeedOptions, log: Log): Promise<boolean> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(role)) as [{ n: number }];
  if (n > 0) return false;
  const result = await db.transaction(async (tx) => {
    const base = await seedBase(tx as unknown as Db, opts);
    if (opts.seedDemo) await seedDemo(tx as unknown as Db, files, { adminUserId: base.adminUserId });
    return base;
  });
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
