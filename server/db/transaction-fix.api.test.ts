import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { openTestDatabase, type TestDatabase } from '../test/harness';

/**
 * db/transaction-fix.ts: a transaction whose connection died is released (and closed); one that
 * failed in the application's own code keeps its healthy connection in the pool.
 */
let test: TestDatabase;
let one: Database;
const backendPid = async () => (await one.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

beforeAll(async () => {
  test = await openTestDatabase();
  // A pool of one: a connection lost for good would make the next query wait forever.
  one = await openDatabase({ databaseUrl: test.url, migrate: false, poolMax: 1 });
});
afterAll(async () => {
  await one?.close();
  await test?.dispose();
});

describe('db.transaction', () => {
  it('an error thrown inside rolls back and pools the same connection again', async () => {
    const pid = await backendPid();
    await expect(
      one.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        throw new Error('refused by the application');
      }),
    ).rejects.toThrow('refused by the application');
    expect(await backendPid()).toBe(pid);
  });

  it('a BEGIN that fails (the connection killed just before) still releases the connection', async () => {
    // Fail the next BEGIN as a connection killed between checkout and BEGIN does: the moment
    // cannot be hit reliably from outside, so the client fails its first statement itself.
    one.pool.once('acquire', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      let first = true;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        if (!first) return query(...args);
        first = false;
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      };
    });
    await expect(one.db.transaction(async (tx) => tx.execute(sql`SELECT 1`))).rejects.toThrow(/Failed query: begin/);
    expect(one.pool.totalCount - one.pool.idleCount).toBe(0);
    // The pool of one goes on.
    expect(await backendPid()).toBeGreaterThan(0);
  });

});
