import type { Session } from './session';

/**
 * What the site keeps in this browser for one signed-in member besides the session items of
 * spec §3: drafts of posts being written (features/board/write/draft.ts). Issue 12, shared
 * computers: signing out removes them, so the next person at the computer finds nothing of the
 * member's. A guest's draft is kept in the tab only (sessionStorage): it goes with the tab, though
 * while that tab stays open it is there for whoever uses it.
 */
const DRAFT_PREFIX = 'boardDraft:';
const GUEST = 'guest';

const memberWriter = (userId: number) => `user:${userId}`;

/** Whose drafts: `user:{id}` for a signed-in member, `guest` for a visitor without a session. */
export function writerOf(session: Session): string {
  return session.signedIn ? memberWriter(session.user.id) : GUEST;
}

/** The key of a writer's draft for a board's new post (`itemNo` null) or one of its posts. */
export function draftKey(writer: string, boardCode: string, itemNo: number | null): string {
  return `${DRAFT_PREFIX}${writer}:${boardCode}:${itemNo ?? 'NEW'}`;
}

/** Where a writer's drafts are kept: a member's survive the tab (and an expired session), a guest's do not. */
export function draftStorage(writer: string): Storage {
  return writer === GUEST ? window.sessionStorage : window.localStorage;
}

type ScannedStorage = Pick<Storage, 'length' | 'key' | 'removeItem'>;

function removeDraftsOf(storage: ScannedStorage, writer: string): number {
  const prefix = `${DRAFT_PREFIX}${writer}:`;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
  return keys.length;
}

/** Removes every draft of this member from `storage`; returns how many there were. */
export function clearMemberDrafts(storage: ScannedStorage, userId: number): number {
  return removeDraftsOf(storage, memberWriter(userId));
}

/**
 * Guests' drafts went to localStorage before they moved to the tab: those left behind would be
 * offered to the next guest, so they go at start-up (a scan of a few keys).
 */
export function clearOldGuestDrafts(storage: ScannedStorage): number {
  return removeDraftsOf(storage, GUEST);
}
