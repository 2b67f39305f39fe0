import { describe, expect, it } from 'vitest';
import { fromDraft, move, toDraft } from './profile-draft';

describe('the sign-up field editor\'s drafts', () => {
  it('round-trips a field; options are one per line, blanks dropped', () => {
    const field = { code: 'occupation', name: '직역', inputType: 'select' as const, detail: ['의사', '간호사'], required: true };
    expect(fromDraft(toDraft(field))).toEqual(field);
    expect(fromDraft({ ...toDraft(field), options: ' 의사 \n\n약사\n' }).detail).toEqual(['의사', '약사']);
  });

  it('a free-text field keeps one hint, a single checkbox none; names and codes are trimmed', () => {
    expect(fromDraft({ key: 'k', code: ' org ', name: ' 소속 ', inputType: 'text', options: '예: 서울병원\n무시됨', required: false })).toEqual({
      code: 'org', name: '소속', inputType: 'text', detail: ['예: 서울병원'], required: false,
    });
    expect(fromDraft({ key: 'k', code: 'agree', name: '동의', inputType: 'checkbox', options: 'x', required: true })).not.toHaveProperty('detail');
  });

  it('moves an item without touching the others', () => {
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });
});
