import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

/**
 * server/db/transaction-fix.ts patches drizzle-orm's `NodePgSession.prototype.transaction`, and
 * package.json pins drizzle-orm exactly while it does. This file does not load the fix (nor
 * db/client.ts, which installs it): it runs upstream's own `transaction` on a fake pool and
 * expects the two faults the fix exists for. The day one of these tests fails, upstream has fixed
 * that fault: check the fix still does something upstream does not, else delete
 * server/db/transaction-fix.ts (and its import in db/client.ts) and unpin drizzle-orm.
 */
const REMOVE_THE_FIX =
  'drizzle-orm no longer has the fault server/db/transaction-fix.ts patches: remove the fix (and its import in server/db/client.ts), this test, and the exact pin of drizzle-orm in package.json';

/** A pool whose one client fails the statements `failing` names, counting its releases. */
function fakePool(failing: (statement: string) => boolean) {
  const releases: (boolean | Error | undefined)[] = [];
  const statements: string[] = [];
  const client = {
    query: async (config: { text: string } | string) => {
      const text = typeof config === 'string' ? config : config.text;
      statements.push(text);
      if (failing(text)) throw new Error('Connection terminated unexpectedly');
      return { rows: [], fields: [], rowCount: 0 };
    },
    release: (broken?: boolean | Error) => void releases.push(broken),
  };
  // drizzle tells a pool from a client by its constructor's name.
  class FakePool {
    connect = async () => client;
  }
  return { pool: new FakePool(), releases, statements };
}

function upstreamSession(pool: object) {
  const Session = NodePgSession as unknown as new (client: unknown, dialect: PgDialect, schema: unknown, options: object) => {
    transaction<T>(work: (tx: { execute(query: unknown): Promise<unknown> }) => Promise<T>): Promise<T>;
  };
  return new Session(pool, new PgDialect(), undefined, {});
}

describe('drizzle-orm without server/db/transaction-fix.ts', () => {
  it('is the version the fix was written for, pinned exactly', () => {
    const root = path.resolve(import.meta.dirname, '..', '..');
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['drizzle-orm'], 'drizzle-orm must be pinned exactly while server/db/transaction-fix.ts patches it').toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('still never releases the connection when BEGIN fails (upstream sends BEGIN before its try/finally)', async () => {
    const { pool, releases, statements } = fakePool((text) => text === 'begin');
    await expect(upstreamSession(pool).transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(releases, REMOVE_THE_FIX).toEqual([]);
    expect(statements).toEqual(['begin']);
  });

  it('still pools a connection again whose ROLLBACK failed (release() without marking it broken)', async () => {
    const { pool, releases } = fakePool((text) => text === 'rollback');
    await expect(
      upstreamSession(pool).transaction(async () => {
        throw new Error('refused by the application');
      }),
    ).rejects.toThrow();
    expect(releases, REMOVE_THE_FIX).toEqual([undefined]);
  });
});
