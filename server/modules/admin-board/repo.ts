import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { board } from '../../db/schema';

export type BoardRecord = typeof board.$inferSelect & { itemCount: number };

/**
 * Live posts of a board: the sum of its counter rows (kept exact by triggers, migration 0007).
 * The outer column is qualified by hand: in a select from one table Drizzle writes
 * `${board.boardCode}` as a bare "board_code", which inside the subquery meant c.board_code, so
 * every board showed the whole site's count.
 */
const itemCount = sql<number>`coalesce((SELECT sum(c.item_count) FROM board_item_count c WHERE c.board_code = ${board}.${sql.identifier(board.boardCode.name)}), 0)::int`;

/** Every board with its post count, in menu order (one statement: no query per board). */
export async function listBoards(db: Db): Promise<BoardRecord[]> {
  return db
    .select({ ...boardColumns(), itemCount })
    .from(board)
    .orderBy(asc(board.sortOrder), asc(board.boardCode));
}

/** One board, its code matched case-insensitively (as the board routes match it). */
export async function findBoard(db: Db, boardCode: string, opts: { forUpdate?: boolean } = {}): Promise<BoardRecord | undefined> {
  const query = db
    .select({ ...boardColumns(), itemCount })
    .from(board)
    .where(sql`lower(${board.boardCode}) = lower(${boardCode})`);
  const [row] = opts.forUpdate ? await query.for('update', { of: board }) : await query;
  return row;
}

export async function insertBoard(db: Db, values: typeof board.$inferInsert): Promise<void> {
  await db.insert(board).values(values);
}

export async function updateBoard(db: Db, boardCode: string, values: Partial<typeof board.$inferInsert>): Promise<void> {
  await db.update(board).set(values).where(eq(board.boardCode, boardCode));
}

function boardColumns() {
  return {
    boardCode: board.boardCode,
    area: board.area,
    name: board.name,
    description: board.description,
    listStyle: board.listStyle,
    permissions: board.permissions,
    allowAttachments: board.allowAttachments,
    useComments: board.useComments,
    pageSize: board.pageSize,
    maxFiles: board.maxFiles,
    maxFileSize: board.maxFileSize,
    maxImageSize: board.maxImageSize,
    categories: board.categories,
    sortOrder: board.sortOrder,
    lastItemNo: board.lastItemNo,
    createdAt: board.createdAt,
  };
}

