import { describe, expect, it } from 'vitest';
import { diffSequences, diffText, diffWords, hasChanges } from './text-diff';

/** The difference between two versions of a page (issue 22), computed on the client by LCS. */

describe('diffSequences', () => {
  it('keeps a longest common subsequence and marks the rest, a deletion before the insertion beside it', () => {
    const before = [...'ABCBDAB'];
    const after = [...'BDCABA'];
    const runs = diffSequences(before, after);
    // The textbook pair: their LCS has 4 letters (BCBA, BDAB, ...).
    expect(runs.filter((r) => r.kind === 'same').flatMap((r) => r.items)).toHaveLength(4);
    expect(runs.filter((r) => r.kind !== 'ins').flatMap((r) => r.items)).toEqual(before);
    expect(runs.filter((r) => r.kind !== 'del').flatMap((r) => r.items)).toEqual(after);
    runs.forEach((run, i) => {
      if (i > 0) expect(run.kind, 'runs of one kind are joined').not.toBe(runs[i - 1]!.kind);
      if (run.kind === 'del') expect(runs[i - 1]?.kind).not.toBe('ins');
    });
  });

  it('gives each side in full when the other is empty, and nothing changed for equal sequences', () => {
    expect(diffSequences([], ['a', 'b'])).toEqual([{ kind: 'ins', items: ['a', 'b'] }]);
    expect(diffSequences(['a'], [])).toEqual([{ kind: 'del', items: ['a'] }]);
    expect(diffSequences(['a', 'b'], ['a', 'b'])).toEqual([{ kind: 'same', items: ['a', 'b'] }]);
    expect(diffSequences([], [])).toEqual([]);
  });

  it('rebuilds both sides: the kept and removed items are the old sequence, the kept and added the new', () => {
    const before = 'the quick brown fox jumps over the lazy dog'.split(' ');
    const after = 'a quick red fox leaps over the dog today'.split(' ');
    const runs = diffSequences(before, after);
    expect(runs.filter((r) => r.kind !== 'ins').flatMap((r) => r.items)).toEqual(before);
    expect(runs.filter((r) => r.kind !== 'del').flatMap((r) => r.items)).toEqual(after);
    expect(runs.filter((r) => r.kind === 'same').flatMap((r) => r.items)).toEqual(['quick', 'fox', 'over', 'the', 'dog']);
  });

  it('sets aside the common start and end, so a long page with one change needs no big table', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `줄 ${i}`);
    const changed = [...lines];
    changed[10_000] = '바뀐 줄';
    const runs = diffSequences(lines, changed);
    expect(runs.map((r) => [r.kind, r.items.length])).toEqual([['same', 10_000], ['del', 1], ['ins', 1], ['same', 9_999]]);
  });
});

describe('diffWords', () => {
  it('marks the changed words only and keeps the spacing', () => {
    expect(diffWords('2025년 9월 인공와우 등록 시작', '2025년 10월 인공와우 등록 시작')).toEqual([
      { kind: 'same', text: '2025년 ' },
      { kind: 'del', text: '9월' },
      { kind: 'ins', text: '10월' },
      { kind: 'same', text: ' 인공와우 등록 시작' },
    ]);
  });
});

describe('diffText', () => {
  it('keeps unchanged lines whole and gives a changed stretch as words', () => {
    const lines = diffText('제목\n첫째 문단입니다.\n끝', '제목\n첫째 문단을 고쳤습니다.\n새 문단\n끝');
    expect(lines[0]).toEqual({ kind: 'same', text: '제목' });
    expect(lines[2]).toEqual({ kind: 'same', text: '끝' });
    expect(lines[1]).toEqual({
      kind: 'changed',
      parts: [
        { kind: 'same', text: '첫째 ' },
        { kind: 'del', text: '문단입니다.' },
        { kind: 'ins', text: '문단을 고쳤습니다.\n새 문단' },
      ],
    });
    expect(hasChanges(lines)).toBe(true);
  });

  it('an added or removed line alone is one insertion or deletion', () => {
    expect(diffText('a\nb', 'a\nb\nc')).toEqual([{ kind: 'same', text: 'a' }, { kind: 'same', text: 'b' }, { kind: 'changed', parts: [{ kind: 'ins', text: 'c' }] }]);
    expect(diffText('a\nb', 'b')).toEqual([{ kind: 'changed', parts: [{ kind: 'del', text: 'a' }] }, { kind: 'same', text: 'b' }]);
    expect(hasChanges(diffText('같음', '같음'))).toBe(false);
  });
});
