import type pg from 'pg';

/**
 * Every table of the application's schema, each with a digest of all its rows (md5 of the rows'
 * text in a fixed order): equal before and after means no row was added, removed or changed. The
 * attacker's suites (server/attack, server/auth/token-abuse) compare it around refused writes.
 */
export async function tableDigest(pool: pg.Pool): Promise<Record<string, string>> {
  const digests = await Promise.all(
    (await appTables(pool)).map(async (name) => {
      const { rows } = await pool.query<{ md5: string }>(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from ${name} t`);
      return [name, rows[0]!.md5] as const;
    }),
  );
  return Object.fromEntries(digests);
}

/** The application's tables (schema public), quoted for SQL, in name order. */
export async function appTables(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `select quote_ident(table_name) as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name);
}
