import { describe, expect, it } from 'vitest';
import { clearMemberDrafts, draftKey } from './member-storage';

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
