import type pg from 'pg';

/**
 * Every table of the application's schema with its row count and a checksum of its rows (the sum
 * of each row's hash, so order does not matter): equal before and after means no row was added,
 * removed or changed.
 */
export async function tableChecksums(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select quote_ident(table_name) as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> '__drizzle_migrations'
      order by table_name`,
  );
  const sums = await Promise.all(
    tables.map(async ({ name }) => {
      const { rows } = await pool.query<{ n: string; sum: string | null }>(`select count(*) as n, sum(hashtext(t::text)::bigint) as sum from ${name} t`);
      return [name, `${rows[0]!.n}:${rows[0]!.sum ?? 0}`] as const;
    }),
  );
  return Object.fromEntries(sums);
}
