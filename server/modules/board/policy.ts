import type { BoardAction, BoardPermissionRoles } from '@contract';
import { adminPowersWithheld, isAdmin, type Caller } from '../../auth/caller';

export interface BoardRules {
  listStyle: string;
  permissions: BoardPermissionRoles;
}

/** May the caller do `action` on the board at all? Admins may do everything. */
export function canOnBoard(caller: Caller, board: BoardRules, action: BoardAction): boolean {
  if (isAdmin(caller)) return true;
  // Managing (private posts, inquiries and their contact details, flags) needs an account, whatever
  // a board's settings say about the guest role.
  if (action === 'manage' && (caller.userId === null || adminPowersWithheld(caller))) return false;
  return board.permissions[action].includes(caller.roleCode);
}

/**
 * Secret posts and inquiries are private: only their writer and the board's managers see them
 * (issue 4: they never leak, not even their titles).
 */
export function isPrivateItem(board: BoardRules, item: { isSecret: boolean }): boolean {
  return item.isSecret || board.listStyle === 'inquiry';
}

export function canSeePrivateItem(caller: Caller, board: BoardRules, item: { writerId: number | null }): boolean {
  if (canOnBoard(caller, board, 'manage')) return true;
  return caller.userId !== null && item.writerId === caller.userId;
}

/** Inquiry boards list only the caller's own posts unless the caller manages the board. */
export function listOnlyOwn(caller: Caller, board: BoardRules): boolean {
  return board.listStyle === 'inquiry' && !canOnBoard(caller, board, 'manage');
}
