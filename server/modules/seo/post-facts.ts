import { paths } from '@contract';
import { guestPostAnswer, type CachedAnswer, type GuestPost } from '@server/modules/board';
import { fileUrl } from '@server/modules/file';
import { guestCaller } from '../../auth/caller';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../errors';
import { guestReadsPost } from './guest';
import type { Head } from './head';
import { excerpt } from './text';

/**
 * What a post's page needs to know of the post (issue 24): whether it is there (live: its page's
 * status, not-found.ts) and the head a guest may see of it (its title and preview tags, page-head.ts),
 * kept in the guests' answer cache under the post's board, so a write to the board drops it here and
 * on every instance.
 *
 * Both come from the guest's answer of the post (board/guest-reads.ts guestPostAnswer), the one the
 * page carries in its first data: a page of a post nobody opened lately reads the post once, by the
 * view's prepared statement, and its head, status and answer share that read (before, the head was
 * a statement of its own). Where the API refuses the guest, the page says what the API says: a post
 * or board not there is not live (404); one the guest may not read is there, with no head of its own.
 */
export interface PostFacts {
  live: boolean;
  /** null when a guest may not read the post (a secret post, a board closed to guests) or it is not there. */
  head: Head | null;
}

/** The facts, and the kept answer they are (a part of the post's page: its hash names them). */
export type PostFactsOf = (boardCode: string, itemNo: number) => Promise<{ facts: PostFacts; entry: CachedAnswer }>;

/**
 * `postFacts` for the making of one page: its head and its status ask for the same post, and share
 * one lookup. Asked apart, the status's ask (after it reads the board's row, when a write dropped
 * it) could come once the head's read had ended, read the post again and, the doorkeeper having
 * seen its key, keep a post asked for once (docs/decisions/0040).
 */
export function oneLookupEach(postFacts: PostFactsOf): PostFactsOf {
  const asked = new Map<string, ReturnType<PostFactsOf>>();
  return (boardCode, itemNo) => {
    const key = `${boardCode.toLowerCase()} ${itemNo}`;
    let facts = asked.get(key);
    if (!facts) {
      facts = postFacts(boardCode, itemNo);
      asked.set(key, facts);
    }
    return facts;
  };
}

export function createPostFacts(deps: Pick<AppDeps, 'db' | 'settings' | 'boardCaching' | 'clock'>): PostFactsOf {
  const { cache } = deps.boardCaching;

  async function read(boardCode: string, itemNo: number): Promise<PostFacts> {
    const guest = await guestCaller(deps);
    let answer: CachedAnswer;
    try {
      answer = await guestPostAnswer(deps, guest, { boardCode, itemNo });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return { live: err.status !== 404, head: null };
    }
    const { board, post } = answer.value as GuestPost;
    if (!guestReadsPost(guest, board, post)) return { live: true, head: null };
    return {
      live: true,
      head: {
        title: post.title,
        description: excerpt(post.excerpt) || board.name,
        path: paths.boardView(board.area, board.boardCode, post.itemNo),
        type: 'article',
        // The list picture: an image attached to this post, which a guest may fetch as the post is public.
        image: post.thumbnailFileId ? fileUrl(post.thumbnailFileId) : undefined,
      },
    };
  }

  return async (boardCode, itemNo) => {
    const entry = await cache.answer(`post ${boardCode.toLowerCase()} ${itemNo}`, boardCode, async () => {
      const facts = await read(boardCode, itemNo);
      // Kept when asked for again, as the answer they come from (docs/decisions/0040).
      return { body: JSON.stringify(facts), keep: true, keepWhenAskedAgain: true, value: facts };
    });
    return { facts: entry.value as PostFacts, entry };
  };
}
