import type { Caller } from '../../auth/caller';
import { canOnBoard, isPrivateItem, type BoardRules } from '@server/modules/board';

/**
 * What a guest may see, judged by the board rules the API itself applies (board/policy.ts), so a
 * search engine or a link preview is never shown more than a visitor without an account.
 */
/** A guest reads the board's posts. Inquiry boards never count: every inquiry is private. */
export function guestReadsBoard(guest: Caller, board: BoardRules): boolean {
  return board.listStyle !== 'inquiry' && canOnBoard(guest, board, 'read');
}

/** A guest sees the board's list screen with its posts in it. */
export function guestListsBoard(guest: Caller, board: BoardRules): boolean {
  return guestReadsBoard(guest, board) && canOnBoard(guest, board, 'list');
}

/** A guest reads this post: the board is readable and the post is not secret. */
export function guestReadsPost(guest: Caller, board: BoardRules, item: { isSecret: boolean }): boolean {
  return guestReadsBoard(guest, board) && !isPrivateItem(board, item);
}
