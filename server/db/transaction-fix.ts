import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PoolClient } from 'pg';

/**
 * drizzle-orm 0.45's `db.transaction` on a pool sends BEGIN before its try/finally: when BEGIN
 * fails (the connection was killed between being handed out and that statement, as a database
 * restart or failover does), the client is never released. Each such failure leaks one connection
 * for good, until the pool is exhausted and every request waits for one (found by
 * server/db/outage.api.test.ts: eight of ten were lost in a second and a half of killed
 * connections). This puts BEGIN inside, and hands a client whose rollback failed back as broken,
 * so the pool closes it instead of reusing it. Installed once, on import (db/client.ts).
 *
 * package.json pins drizzle-orm exactly while this file exists; transaction-fix-upstream.test.ts
 * runs upstream's unpatched method and fails the day upstream fixes these faults.
 */
type Session = { client: PoolClient; dialect: unknown; schema: unknown; options: unknown };
type TransactionConfigurable = { execute(query: unknown): Promise<unknown>; getTransactionConfigSQL(config: unknown): unknown };

const proto = NodePgSession.prototype as unknown as {
  client: unknown;
  dialect: unknown;
  schema: unknown;
  options: unknown;
  transaction(transaction: (tx: unknown) => Promise<unknown>, config?: unknown): Promise<unknown>;
};

proto.transaction = async function transaction(this: typeof proto, work, config) {
  const client = this.client as { connect?: () => Promise<PoolClient> };
  const isPool = typeof client.connect === 'function' && Object.getPrototypeOf(client).constructor.name.includes('Pool');
  const Session = NodePgSession as unknown as new (...args: unknown[]) => Session;
  const Transaction = NodePgTransaction as unknown as new (...args: unknown[]) => TransactionConfigurable;
  const session = isPool ? new Session(await client.connect!(), this.dialect, this.schema, this.options) : (this as unknown as Session);
  const tx = new Transaction(this.dialect, session, this.schema);
  let broken = false;
  try {
    await tx.execute(sql`begin${config ? sql` ${tx.getTransactionConfigSQL(config) as ReturnType<typeof sql>}` : undefined}`);
    const result = await work(tx);
    await tx.execute(sql`commit`);
    return result;
  } catch (error) {
    // A rollback on a dead connection fails too; the error that counts is the first one.
    broken = await tx.execute(sql`rollback`).then(() => false, () => true);
    throw error;
  } finally {
    // A connection whose rollback did not go through is dead, or still inside the transaction:
    // `release(true)` closes it. After an ordinary refusal (a 404 thrown inside), it is pooled again.
    if (isPool) session.client.release(broken);
  }
};
