import type pg from 'pg';

/**
 * Fresh statistics and a visibility map that covers `table`, as housekeeping or autovacuum keeps
 * them, so a query-plan test sees index-only scans without heap fetches.
 *
 * INDEX_CLEANUP ON: when fewer than 2% of a table's pages hold dead rows (100 updated posts in
 * 5,000 pages), VACUUM skips the indexes and leaves those pages' dead line pointers, and a page
 * with one is never all-visible, however often VACUUM runs.
 * The loop: VACUUM marks a page all-visible only when no running transaction could still miss its
 * rows, and other test files write on the same server at the same time (seen once on CI: "Heap
 * Fetches: 10"). Repeat until the visibility map covers the table; fail if it never does.
 */
export async function vacuumUntilAllVisible(raw: pg.Pool, table: string): Promise<void> {
  let last = { pages: 0, visible: 0 };
  for (let attempt = 0; attempt < 40; attempt++) {
    await raw.query(`VACUUM (ANALYZE, INDEX_CLEANUP ON) ${table}`);
    const { rows } = await raw.query<{ pages: number; visible: number }>(
      'SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE oid = $1::regclass',
      [table],
    );
    last = rows[0]!;
    if (last.visible >= last.pages) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`VACUUM left ${last.pages - last.visible} of ${last.pages} pages of ${table} not all-visible`);
}
