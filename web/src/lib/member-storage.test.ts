import { describe, expect, it } from 'vitest';
import { clearMemberDrafts, clearOldGuestDrafts, draftKey, writerOf } from './member-storage';
import type { LoginUser } from '@contract';

/** A Storage over a Map, as localStorage behaves for these calls. */
function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (key: string) => void map.delete(key),
    keys: () => [...map.keys()],
  };
}

describe('clearMemberDrafts (sign-out on a shared computer)', () => {
  it('removes every draft of the member and nothing else, however many', () => {
    const storage = memoryStorage({
      [draftKey('user:7', 'community', null)]: '{}',
      [draftKey('user:7', 'community', 12)]: '{}',
      [draftKey('user:7', 'qna', null)]: '{}',
      [draftKey('user:70', 'community', null)]: '{}',
      [draftKey('guest', 'community', null)]: '{}',
      'nids.textSize': 'large',
      rememberId: 'hong',
    });
    expect(clearMemberDrafts(storage, 7)).toBe(3);
    expect(storage.keys().sort()).toEqual(['boardDraft:guest:community:NEW', 'boardDraft:user:70:community:NEW', 'nids.textSize', 'rememberId']);
    expect(clearMemberDrafts(storage, 7)).toBe(0);
  });
});

describe('writerOf', () => {
  const user: LoginUser = { id: 7, userKeyCode: 'hong', name: '홍길동', userType: 'Member', role: { roleCode: 'MEMBER', permissions: [] } };

  it('names a member by id and everyone else as the guest', () => {
    expect(writerOf({ signedIn: true, user, accessToken: 't', expiresAt: 0 })).toBe('user:7');
    expect(writerOf({ signedIn: false, guest: null })).toBe('guest');
  });

  it('is the writer whose drafts sign-out clears', () => {
    const storage = memoryStorage({ [draftKey(writerOf({ signedIn: true, user, accessToken: 't', expiresAt: 0 }), 'qna', null)]: '{}' });
    expect(clearMemberDrafts(storage, 7)).toBe(1);
  });
});

describe('clearOldGuestDrafts (start-up)', () => {
  it('removes the guest drafts left in localStorage from before they moved to the tab, and nothing else', () => {
    const storage = memoryStorage({
      [draftKey('guest', 'community', null)]: '{}',
      [draftKey('guest', 'qna', 3)]: '{}',
      [draftKey('user:7', 'community', null)]: '{}',
      'guest': '{"role":{"roleCode":"GUEST"}}',
    });
    expect(clearOldGuestDrafts(storage)).toBe(2);
    expect(storage.keys().sort()).toEqual(['boardDraft:user:7:community:NEW', 'guest']);
  });
});
