import type { Db } from './client';
import './transaction-fix';

/**
 * Runs `work` in one transaction on `db`: committed when it resolves, rolled back when it throws
 * (the error goes on to the caller). The one way the app opens a transaction; drizzle's own
 * `db.transaction` underneath is the one db/transaction-fix.ts patches.
 *
 * `work` receives the transaction as a `Db`: drizzle's transaction is a database (PgTransaction
 * extends PgDatabase), so every repository function, typed on `Db`, takes it as it is. Called
 * with a transaction as `db`, it opens a savepoint inside it.
 */
export function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
