import path from 'node:path';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { openDatabase, poolOf, type Db } from '@server/db/client';
import { runOnceAcrossInstances } from '@server/modules/background';
import { acquireDataDirLock } from '@server/db/lock';
import { appUser, board, boardItem, boardItemComment, boardItemView, boardItemViewTally, storedFile } from '@server/db/schema';
import { LocalFileStore } from '@server/modules/file';
import { sanitizeContent, buildSearchTokens, foldViews, htmlToText, VIEW_FOLD_JOB } from '@server/modules/board';
import { seedIfEmpty } from '@server/seed';
import { hashPassword } from '@server/auth/password';
import { ROLE_MEMBER } from '@server/seed/role-codes';
import { benchPost } from './corpus';
import { BENCH_MEMBER_COUNT, BENCH_MEMBER_PASSWORD, benchMemberId, SEARCH_ONE, SEARCH_TWO } from './paths';
import { interrupted, onCleanup } from './cleanup';

export interface SeedOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  boardCode: string;
  posts: number;
  reseed: boolean;
  adminId: string;
  adminPassword: string;
  log: (line: string) => void;
}

export interface SeededBoard {
  boardCode: string;
  posts: number;
  notices: number;
  firstItemNo: number;
  lastItemNo: number;
  reused: boolean;
  seedSeconds: number;
  postgresVersion: string;
  /** Posts whose title contains each searched keyword (the API caps its search counts). */
  titleMatches: Record<string, number>;
}

/**
 * Posts per INSERT statement: about 5 MB of JSON, built while the previous batch is written.
 * The GIN search index (about 300 tokens a post) costs most of the time, about 1 ms a post
 * here; dropping it for the load and building it after was measured no faster, so the indexes
 * stay and the load is plain INSERTs.
 */
const BATCH = 1000;

/**
 * Seeds the bench board straight through the database layer (no HTTP, no per-post transaction),
 * computing every derived column exactly as repo.insertItem does, then VACUUM ANALYZE so the
 * planner and the visibility map see the new rows. The database is closed again before the
 * server starts on it.
 */
export async function seedBenchBoard(opts: SeedOptions): Promise<SeededBoard> {
  // The embedded database belongs to one process at a time (server/db/lock.ts), the seeder too.
  const releaseLock = opts.databaseUrl ? () => {} : acquireDataDirLock(opts.dataDir);
  const unregisterLock = onCleanup(releaseLock);
  try {
    const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir, log: { warn: opts.log } });
    // Closed once, by whichever comes first: the end of seeding or a Ctrl-C cleanup.
    let closing: Promise<void> | undefined;
    const close = () => (closing ??= database.close());
    const unregisterDb = onCleanup(close);
    try {
      return await seedOpen(database.db, opts);
    } finally {
      unregisterDb();
      await close();
    }
  } finally {
    unregisterLock();
    releaseLock();
  }
}

async function seedOpen(db: Db, opts: SeedOptions): Promise<SeededBoard> {
  const started = Date.now();
  await seedIfEmpty(
    db,
    new LocalFileStore(path.join(opts.dataDir, 'files')),
    { adminId: opts.adminId, adminPassword: opts.adminPassword, dataDir: opts.dataDir, seedDemo: false },
    { info: () => {}, warn: (message: string) => opts.log(message) },
  );
  await ensureBenchMembers(db);
  const postgresVersion = await scalar<string>(db, sql`SHOW server_version`);
  const [target] = await db.select({ boardCode: board.boardCode }).from(board).where(eq(board.boardCode, opts.boardCode));
  if (!target) throw new Error(`There is no board "${opts.boardCode}" in this database (--board names an existing board code).`);

  const existing = await liveCount(db, opts.boardCode);
  const reused = existing === opts.posts && !opts.reseed;
  if (reused) {
    opts.log(`Board ${opts.boardCode} already holds ${existing.toLocaleString('en')} posts: reused (--reseed seeds it again).`);
  } else {
    await replacePosts(db, opts, existing > 0 || opts.reseed);
    opts.log('VACUUM ANALYZE board_item...');
    await db.execute(sql`VACUUM ANALYZE board_item`);
  }
  const folded = await foldEarlierViews(db, opts.log);
  const forgotten = await forgetEarlierVisitors(db, opts.log);
  if (!reused || folded > 0 || forgotten > 0) await writeOut(db, opts.log);
  const range = await db
    .select({
      first: sql<number>`min(${boardItem.itemNo})::int`,
      last: sql<number>`max(${boardItem.itemNo})::int`,
      notices: sql<number>`count(*) FILTER (WHERE ${boardItem.isNotice})::int`,
      total: sql<number>`count(*)::int`,
      two: sql<number>`count(*) FILTER (WHERE ${boardItem.title} ILIKE ${`%${SEARCH_TWO}%`})::int`,
      one: sql<number>`count(*) FILTER (WHERE ${boardItem.title} ILIKE ${`%${SEARCH_ONE}%`})::int`,
    })
    .from(boardItem)
    .where(and(eq(boardItem.boardCode, opts.boardCode), sql`${boardItem.deletedAt} IS NULL`));
  const { first, last, notices, total, two, one } = range[0]!;
  if (total !== opts.posts) throw new Error(`Seeding left ${total} posts in ${opts.boardCode}, expected ${opts.posts}.`);
  return {
    boardCode: opts.boardCode,
    posts: total,
    notices,
    firstItemNo: first,
    lastItemNo: last,
    reused,
    seedSeconds: (Date.now() - started) / 1000,
    postgresVersion,
    titleMatches: { [SEARCH_TWO]: two, [SEARCH_ONE]: one },
  };
}

/**
 * The views earlier runs counted wait beside their posts (decision 0038) until the view fold,
 * whose first try comes 60 s after the server starts: inside a path, when a run is longer than
 * that, and its rewrite of the posts' rows brought an autovacuum of board_item (the GIN index of
 * every post's tokens) into the paths after it (any post's page measured 1.5-2.0 ms of database
 * CPU a page instead of 0.2-0.3: docs/performance.md, "Session 28"). Folded here instead, recorded
 * as the fold's run (so the server's next is VIEW_FOLD_MINUTES away, a day in the bench), and the
 * rewritten rows vacuumed before anything is measured.
 */
async function foldEarlierViews(db: Db, log: (message: string) => void): Promise<number> {
  // As the server's schedule runs it (background/schedule.ts), due at once (an interval of 0).
  const outcome = await runOnceAcrossInstances({
    db,
    connection: poolOf(db).options,
    job: VIEW_FOLD_JOB,
    intervalMs: 0,
    now: () => new Date(),
    work: () => foldViews(db, async () => {}),
  });
  const folded = outcome.ran ? outcome.result.folded : 0;
  if (folded === 0) return 0;
  log(`Folded the views of ${folded.toLocaleString('en')} posts that earlier runs counted; VACUUM ANALYZE board_item...`);
  await db.execute(sql`VACUUM ANALYZE board_item, board_item_view_tally`);
  return folded;
}

/**
 * Every run starts with no visitor seen: the keys that count a visitor or a post's viewer once a
 * day (visit_visitor_day, visit_visitor_hour, board_item_view) are emptied, as a new day finds
 * them on a site (housekeeping removes earlier days'; the counts and tallies stay). Each run
 * brings a few hundred thousand new visitors, all of the same day when runs follow each other,
 * and their keys are random: once the indexes outgrew shared_buffers, each insert read a page back
 * and wrote a dirty one out (by the fifth run of a day, 3.7 million keys, 230 MB an index: a new
 * visitor's database CPU 21 µs in a day's first run, 43-47 in a later one; session 38). So runs of
 * one day measured more and more of that and less of the change.
 */
async function forgetEarlierVisitors(db: Db, log: (message: string) => void): Promise<number> {
  const rows = await scalar<number>(
    db,
    sql`SELECT ((SELECT count(*) FROM board_item_view) + (SELECT count(*) FROM visit_visitor_day) + (SELECT count(*) FROM visit_visitor_hour))::int`,
  );
  if (rows === 0) return 0;
  log(`Emptying the ${rows.toLocaleString('en')} visitor and viewer keys of earlier runs (counts kept)...`);
  await db.execute(sql`TRUNCATE board_item_view, visit_visitor_day, visit_visitor_hour`);
  return rows;
}

/**
 * Writes out what the seed or the fold dirtied, before anything is measured. Folding a run's
 * views at a million posts rewrote about 30,000 posts' rows (each a new entry in every index, the
 * GIN index of its tokens among them: 4 GB of WAL), and the checkpoint that followed wrote their
 * pages back during the next run's paths, with the backends writing out dirty pages to make room
 * (session 33). A CHECKPOINT needs a superuser or pg_checkpoint: without, said and skipped.
 */
async function writeOut(db: Db, log: (message: string) => void): Promise<void> {
  try {
    await db.execute(sql`CHECKPOINT`);
    log('CHECKPOINT: what the seed or the fold wrote is on disk before the load.');
  } catch (err) {
    log(`No CHECKPOINT before the load (${err instanceof Error ? err.message : String(err)}): what the seed wrote may be written back during the first paths.`);
  }
}

async function scalar<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, T>[] };
  return Object.values(result.rows[0]!)[0]!;
}

async function liveCount(db: Db, boardCode: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(boardItem)
    .where(and(eq(boardItem.boardCode, boardCode), sql`${boardItem.deletedAt} IS NULL`));
  return row?.n ?? 0;
}

/**
 * Removes every post of the board (deleted ones too) with what hangs off them. Files are only
 * detached, so housekeeping deletes them with their bytes as it does any unattached upload.
 */
async function emptyBoard(tx: Db, opts: SeedOptions): Promise<void> {
  opts.log(`Emptying board ${opts.boardCode} before seeding it again...`);
  const ids = tx.select({ id: boardItem.id }).from(boardItem).where(eq(boardItem.boardCode, opts.boardCode));
  await tx.delete(boardItemView).where(inArray(boardItemView.boardItemId, ids));
  // No foreign key removes a post's tally with it (decision 0045).
  await tx.delete(boardItemViewTally).where(inArray(boardItemViewTally.boardItemId, ids));
  await tx.delete(boardItemComment).where(inArray(boardItemComment.boardItemId, ids));
  await tx.update(storedFile).set({ boardItemId: null }).where(inArray(storedFile.boardItemId, ids));
  await tx.delete(boardItem).where(eq(boardItem.boardCode, opts.boardCode));
}

type NewRow = Required<Pick<typeof boardItem.$inferInsert, (typeof rowKeys)[number]>>;

/** The columns the seeder writes; the rest keep their defaults, as in repo.insertItem. */
const rowKeys = [
  'boardCode', 'itemNo', 'title', 'content', 'contentText', 'category', 'writerId', 'writerName', 'isNotice',
  'showItemToMain', 'isSecret', 'viewCount', 'fileCount', 'searchTokens', 'createdAt', 'modifiedAt',
] as const;

/** One batch of rows, derived exactly as repo.insertItem derives them. */
function buildRows(boardCode: string, writerId: number | null, from: number, count: number, firstItemNo: number, total: number, now: number): NewRow[] {
  const rows: NewRow[] = [];
  for (let i = 0; i < count; i++) {
    const post = benchPost(from + i, total, now);
    const content = sanitizeContent(post.content);
    const contentText = htmlToText(content);
    rows.push({
      boardCode,
      itemNo: firstItemNo + i,
      title: post.title,
      content,
      contentText,
      category: null,
      writerId,
      writerName: post.writerName,
      isNotice: post.isNotice,
      showItemToMain: post.showItemToMain,
      isSecret: false,
      viewCount: post.viewCount,
      fileCount: 0,
      searchTokens: buildSearchTokens({ title: post.title, contentText, writerName: post.writerName }),
      createdAt: post.createdAt,
      modifiedAt: post.createdAt,
    });
  }
  return rows;
}

/**
 * A multi-row INSERT whose rows travel as one JSON parameter (jsonb_to_recordset): drizzle's
 * own multi-row insert spends about a second a batch just building 17,000 parameters, and a
 * parameter list cannot carry one text[] per row. Column names and types come from the schema.
 */
function insertStatement(rows: NewRow[]) {
  const columns = getTableColumns(boardItem);
  const names = sql.join(rowKeys.map((k) => sql.identifier(columns[k].name)), sql`, `);
  const fields = sql.join(rowKeys.map((k) => sql.identifier(k)), sql`, `);
  const types = sql.join(rowKeys.map((k) => sql`${sql.identifier(k)} ${sql.raw(columns[k].getSQLType())}`), sql`, `);
  return sql`INSERT INTO ${boardItem} (${names}) SELECT ${fields} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${types})`;
}

/**
 * Writes the posts in one transaction (an interrupted seed leaves the board as it was): empties
 * the board if asked, reserves the item numbers from the board's counter in one step, as
 * insertItem takes one, and inserts batch after batch while the next batch is being built.
 */
async function replacePosts(db: Db, opts: SeedOptions, empty: boolean): Promise<void> {
  const [admin] = await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.userKeyCode, opts.adminId));
  const writerId = admin?.id ?? null;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    if (empty) await emptyBoard(tx, opts);
    const [counter] = await tx
      .update(board)
      .set({ lastItemNo: sql`${board.lastItemNo} + ${opts.posts}` })
      .where(eq(board.boardCode, opts.boardCode))
      .returning({ last: board.lastItemNo });
    const firstItemNo = counter!.last - opts.posts + 1;
    const now = Date.now();
    const started = Date.now();
    let lastReport = 0;
    let pending: Promise<void> | undefined;
    // An insert that fails while the next batch is being built is kept and rethrown at the next await.
    let failure: unknown;
    opts.log(`Seeding ${opts.posts.toLocaleString('en')} posts into board ${opts.boardCode} (items ${firstItemNo}-${counter!.last})...`);
    for (let from = 0; from < opts.posts; from += BATCH) {
      // Throwing rolls the transaction back, which frees the connection the cleanup waits for.
      interrupted.throwIfAborted();
      const count = Math.min(BATCH, opts.posts - from);
      const rows = buildRows(opts.boardCode, writerId, from, count, firstItemNo + from, opts.posts, now);
      await pending;
      if (failure) throw failure;
      pending = tx.execute(insertStatement(rows)).then(
        () => undefined,
        (err: unknown) => {
          failure = err;
        },
      );
      if (Date.now() - lastReport > 3000 || from + count === opts.posts) {
        lastReport = Date.now();
        const done = from + count;
        const rate = done / Math.max((Date.now() - started) / 1000, 0.001);
        const eta = Math.round((opts.posts - done) / rate);
        opts.log(`  ${done.toLocaleString('en')} / ${opts.posts.toLocaleString('en')} posts, ${Math.round(rate)}/s${eta > 0 ? `, about ${eta} s left` : ''}`);
      }
    }
    await pending;
    if (failure) throw failure;
  });
}

/**
 * The members the sign-in path signs in as, in turn (scripts/bench/paths.ts): one account's
 * password checks run one at a time (server/modules/user/one-at-a-time.ts), so signing in as
 * a single account would measure that queue, not sign-in. Made once; one hash serves them all.
 */
async function ensureBenchMembers(db: Db): Promise<void> {
  const ids = Array.from({ length: BENCH_MEMBER_COUNT }, (_, i) => benchMemberId(i));
  const known = await db.select({ id: appUser.userKeyCode }).from(appUser).where(inArray(appUser.userKeyCode, ids));
  if (known.length === ids.length) return;
  const passwordHash = await hashPassword(BENCH_MEMBER_PASSWORD);
  await db
    .insert(appUser)
    .values(ids.map((userKeyCode, i) => ({ userKeyCode, userType: 'Member' as const, roleCode: ROLE_MEMBER, name: `벤치회원${i + 1}`, passwordHash, status: 'ACTIVE' as const })))
    .onConflictDoNothing();
}
