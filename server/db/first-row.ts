import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** The first row a raw statement answers (a statement of counts answers one); for repositories' raw SQL. */
export async function firstRow<T>(db: Db, query: SQL): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}
