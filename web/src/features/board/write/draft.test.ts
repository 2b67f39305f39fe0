import { describe, expect, it } from 'vitest';
import { draftKey } from '@web/lib/member-storage';
import { readDraft } from './draft';

const storage = (value: unknown) => ({ getItem: () => (value === undefined ? null : JSON.stringify(value)) });

describe('post drafts', () => {
  it('keys a draft by writer, board and post', () => {
    expect(draftKey('user:7', 'community', null)).toBe('boardDraft:user:7:community:NEW');
    expect(draftKey('user:7', 'community', 12)).toBe('boardDraft:user:7:community:12');
  });
  it('reads a stored draft and fills missing flags', () => {
    expect(readDraft(storage({ title: '제목', content: '<p>내용</p>', savedAt: 1 }), 'k')).toEqual({
      title: '제목',
      content: '<p>내용</p>',
      category: '',
      isNotice: false,
      isSecret: false,
      // On the home page unless kept off it, as a new post is (issue 9).
      showItemToMain: true,
      savedAt: 1,
    });
    expect(readDraft(storage({ title: '제목', content: '', savedAt: 1, showItemToMain: false }), 'k')?.showItemToMain).toBe(false);
  });
  it('ignores nothing, garbage and half records', () => {
    expect(readDraft(storage(undefined), 'k')).toBeNull();
    expect(readDraft({ getItem: () => '{oops' }, 'k')).toBeNull();
    expect(readDraft(storage({ title: 1 }), 'k')).toBeNull();
  });
});
