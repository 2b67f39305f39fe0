import { paths } from '@contract';
import type { CachedAnswer } from '@server/modules/board';
import { fileUrl } from '@server/modules/file';
import { guestCaller } from '../../auth/caller';
import type { AppDeps } from '../../deps';
import { guestReadsPost } from './guest';
import type { Head } from './head';
import { preparedPostHead } from './repo';
import { excerpt } from './text';

/**
 * What a post's page needs to know of the post (issue 24): whether it is there (live: its page's
 * status, not-found.ts) and the head a guest may see of it (its title and preview tags, page-head.ts),
 * read together in one statement (postHeadQuery, prepared by name) and kept in the guests' answer
 * cache under the post's board, so a write to the board drops it here and on every instance. A page
 * of a post nobody opened lately asks for both at once: the cache's shared read makes that one.
 */
export interface PostFacts {
  live: boolean;
  /** null when a guest may not read the post (a secret post, a board closed to guests) or it is not there. */
  head: Head | null;
}

/** The facts, and the kept answer they are (a part of the post's page: its hash names them). */
export type PostFactsOf = (boardCode: string, itemNo: number) => Promise<{ facts: PostFacts; entry: CachedAnswer }>;

export function createPostFacts(deps: Pick<AppDeps, 'db' | 'settings' | 'boardCaching'>): PostFactsOf {
  const { cache } = deps.boardCaching;

  async function read(boardCode: string, itemNo: number): Promise<PostFacts> {
    const [row] = await preparedPostHead(deps.db).execute({ boardCode, itemNo });
    if (!row) return { live: false, head: null };
    if (!guestReadsPost(await guestCaller(deps), row.board, row.item)) return { live: true, head: null };
    const { board, item } = row;
    return {
      live: true,
      head: {
        title: item.title,
        description: excerpt(item.excerpt) || board.name,
        path: paths.boardView(board.area, board.boardCode, item.itemNo),
        type: 'article',
        // The list picture: an image attached to this post, which a guest may fetch as the post is public.
        image: item.thumbnailFileId ? fileUrl(item.thumbnailFileId) : undefined,
      },
    };
  }

  return async (boardCode, itemNo) => {
    const entry = await cache.answer(`post ${boardCode.toLowerCase()} ${itemNo}`, boardCode, async () => {
      const facts = await read(boardCode, itemNo);
      return { body: JSON.stringify(facts), keep: true, value: facts };
    });
    return { facts: entry.value as PostFacts, entry };
  };
}
