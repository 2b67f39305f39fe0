import { describe, expect, it } from 'vitest';
import { caseless, fromNearerEnd, tokensDecide, type ListFilter } from './repo';
import { buildSearchTokens, queryTokens } from './search-tokens';

const page = (offset: number, limit = 10, direction: 'ASC' | 'DESC' = 'DESC'): ListFilter => ({
  boardCode: 'notice', sortField: 'createdDate', direction, offset, limit,
});

/** Positions a page covers, counted in the list's asked order. */
function positions(f: ReturnType<typeof fromNearerEnd>, total: number): number[] {
  const read = Array.from({ length: f.limit }, (_, i) => f.offset + i);
  // A reversed page read position p of the reverse order, which is total - 1 - p of the asked one.
  return f.reversed ? read.map((p) => total - 1 - p).reverse() : read;
}

describe('fromNearerEnd', () => {
  it('leaves pages in the first half as they are', () => {
    expect(fromNearerEnd(page(0), 100_000)).toEqual(page(0));
    expect(fromNearerEnd(page(49_990), 100_000)).toEqual(page(49_990));
  });

  it('reads a page past the middle from the other end, the same positions in reverse', () => {
    const total = 100_000;
    for (const offset of [50_000, 70_000, 99_980, 99_990]) {
      const f = fromNearerEnd(page(offset), total);
      expect(f).toMatchObject({ direction: 'ASC', reversed: true });
      expect(positions(f, total)).toEqual(Array.from({ length: 10 }, (_, i) => offset + i));
    }
    expect(fromNearerEnd(page(99_990), total)).toMatchObject({ offset: 0, limit: 10 });
  });

  it('a last page that is not full reads only the rows that exist', () => {
    const f = fromNearerEnd(page(20, 10, 'ASC'), 23);
    expect(f).toMatchObject({ direction: 'DESC', offset: 0, limit: 3, reversed: true });
    expect(positions(f, 23)).toEqual([20, 21, 22]);
  });

  it('a page after the last one reads nothing', () => {
    expect(fromNearerEnd(page(30), 23)).toMatchObject({ limit: 0 });
    expect(fromNearerEnd(page(0), 0)).toMatchObject({ limit: 0 });
  });
});

describe('caseless', () => {
  it('is true where LIKE and ILIKE match the same rows', () => {
    expect(caseless('환자')).toBe(true);
    expect(caseless('2024 보고서')).toBe(true);
    expect(caseless('UDI 등록')).toBe(false);
    expect(caseless('udi')).toBe(false);
  });
});

describe('tokensDecide', () => {
  it('holds for one word of one or two characters: its token is present exactly when the text contains it', () => {
    expect(['환', '환자', 'ab', 'A1'].map(tokensDecide)).toEqual([true, true, true, true]);
    const text = '인공관절 환자 등록 안내 ABC';
    for (const keyword of ['환', '환자', '관절', 'bc', '자등']) {
      const present = queryTokens('c', keyword).every((t) => buildSearchTokens({ title: '', contentText: text, writerName: '' }).includes(t));
      expect(present, keyword).toBe(text.toLowerCase().includes(keyword.toLowerCase()));
    }
  });

  it('does not hold for longer keywords or several words, whose pairs may be apart', () => {
    expect(['환자등', '환 자', '인공관절', '', ' '].map(tokensDecide)).toEqual([false, false, false, false, false]);
  });
});
