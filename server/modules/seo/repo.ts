import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { literalLimit, placeholder, preparedPerDatabase } from '../../db/prepared';
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

/**
 * A post page's head: one probe of board_item_no_uq (board code, item number), joined to its board
 * (matched case-insensitively, as the screens' URLs are).
 */
export function postHeadQuery(db: Db, boardCode: string, itemNo: number) {
  return db
    .select({
      board: {
        boardCode: board.boardCode,
        area: board.area,
        name: board.name,
        listStyle: board.listStyle,
        permissions: board.permissions,
      },
      item: {
        itemNo: boardItem.itemNo,
        title: boardItem.title,
        excerpt: sql<string>`left(${boardItem.contentText}, 400)`,
        isSecret: boardItem.isSecret,
        thumbnailFileId: boardItem.thumbnailFileId,
      },
    })
    .from(boardItem)
    .innerJoin(board, eq(board.boardCode, boardItem.boardCode))
    .where(and(sql`lower(${board.boardCode}) = lower(${boardCode})`, eq(boardItem.itemNo, itemNo), sql`${boardItem.deletedAt} IS NULL`))
    .limit(literalLimit(1));
}

/** postHeadQuery prepared once per database (a post page nobody opened since its board changed). */
export const preparedPostHead = preparedPerDatabase((db) =>
  postHeadQuery(db, placeholder('boardCode'), placeholder('itemNo')).prepare('seo_post_head'),
);
