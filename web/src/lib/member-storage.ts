/**
 * What the site keeps in this browser for one signed-in member besides the session items of
 * spec §3: drafts of posts being written (features/board/write/draft.ts). Issue 12, shared
 * computers: sign-out removes them, so the next person at the computer finds nothing of the
 * member's; a guest's draft lives in the tab only (sessionStorage), never shown to the next guest.
 */
const DRAFT_PREFIX = 'boardDraft:';

/** Whose draft: `user:{id}` for a member, `guest` for a visitor without a session. */
export function draftKey(writer: string, boardCode: string, itemNo: number | null): string {
  return `${DRAFT_PREFIX}${writer}:${boardCode}:${itemNo ?? 'NEW'}`;
}

/** Where a writer's drafts are kept: a member's survive the tab (and an expired session), a guest's do not. */
export function draftStorage(writer: string): Storage {
  return writer === 'guest' ? window.sessionStorage : window.localStorage;
}

/** Removes every draft of this member from `storage`; returns how many there were. */
export function clearMemberDrafts(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>, userId: number): number {
  const prefix = `${DRAFT_PREFIX}user:${userId}:`;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
  return keys.length;
}
