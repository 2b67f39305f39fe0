import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { board, boardItem } from '../../db/schema';

/** The few board columns the search-engine pages need (the board table is a handful of rows). */
export function boardsQuery(db: Db) {
  return db
    .select({
      boardCode: board.boardCode,
      area: board.area,
      name: board.name,
      description: board.description,
      listStyle: board.listStyle,
      permissions: board.permissions,
    })
    .from(board)
    .orderBy(asc(board.sortOrder), asc(board.boardCode));
}
export type SeoBoard = Awaited<ReturnType<typeof boardsQuery>>[number];

/** Live, non-secret posts: what a guest may see of a board a guest may read. */
const publicPost = (boardCode: string) =>
  and(eq(boardItem.boardCode, boardCode), sql`${boardItem.deletedAt} IS NULL`, eq(boardItem.isSecret, false));

/** Written as board_item_created_idx orders (NULLS LAST), so the newest posts come from the index without a sort. */
const newestFirst = [sql`${boardItem.createdAt} DESC NULLS LAST`, sql`${boardItem.id} DESC NULLS LAST`];

/** A feed's newest posts: a walk of board_item_created_idx that stops after `limit` public posts. */
export function feedQuery(db: Db, boardCode: string, limit: number) {
  return db
    .select({
      itemNo: boardItem.itemNo,
      title: boardItem.title,
      // Only the start of the text goes into the excerpt; no need to ship a long post's whole text.
      excerpt: sql<string>`left(${boardItem.contentText}, 400)`,
      createdAt: boardItem.createdAt,
    })
    .from(boardItem)
    .where(publicPost(boardCode))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * The sitemap's posts: the newest `limit` public posts over `boardCodes`. One index walk per
 * board (board_item_created_idx, each stopping at `limit`), merged in order by a Merge Append,
 * so no sort of every post the boards hold.
 */
export function sitemapPostsQuery(boardCodes: string[], limit: number): SQL {
  const perBoard = boardCodes.map(
    (code) => sql`(SELECT ${boardItem.boardCode}, ${boardItem.itemNo}, ${boardItem.modifiedAt}, ${boardItem.createdAt}, ${boardItem.id}
      FROM ${boardItem} WHERE ${publicPost(code)} ORDER BY ${sql.join(newestFirst, sql`, `)} LIMIT ${limit})`,
  );
  return sql`SELECT board_code, item_no, modified_at FROM (${sql.join(perBoard, sql` UNION ALL `)}) AS posts
    ORDER BY created_at DESC NULLS LAST, id DESC NULLS LAST LIMIT ${limit}`;
}

export interface SitemapPost {
  boardCode: string;
  itemNo: number;
  modifiedAt: Date;
}

export async function sitemapPosts(db: Db, boardCodes: string[], limit: number): Promise<SitemapPost[]> {
  if (boardCodes.length === 0) return [];
  const result = (await db.execute(sitemapPostsQuery(boardCodes, limit))) as unknown as {
    rows: { board_code: string; item_no: number; modified_at: Date | string }[];
  };
  return result.rows.map((r) => ({ boardCode: r.board_code, itemNo: Number(r.item_no), modifiedAt: new Date(r.modified_at) }));
}
