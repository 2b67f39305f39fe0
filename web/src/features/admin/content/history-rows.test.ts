import { describe, expect, it } from 'vitest';
import { compareByDate, isSortedByDate, rowName, sortByDate, wholeNumber, type HistoryRowValues } from './history-rows';

/** The history's rows in the console (issue 22): "날짜순 정렬" puts them newest first. */

const row = (key: string, year: string, month = ''): HistoryRowValues => ({ key, year, month, text: key });

describe('history rows by date', () => {
  it('sorts newest first by year then month; a row without a month after its year\'s dated ones; an unreadable year last', () => {
    const rows = [row('a', '2024', '3'), row('b', '2026', ''), row('c', ''), row('d', '2026', '11'), row('e', '2026', '2'), row('f', '2025', '12')];
    expect(sortByDate(rows).map((r) => r.key)).toEqual(['d', 'e', 'b', 'f', 'a', 'c']);
  });

  it('keeps rows of the same date in their order (a stable sort)', () => {
    const rows = [row('first', '2025', '5'), row('x', '2026'), row('second', '2025', '5'), row('third', '2025', '5')];
    expect(sortByDate(rows).map((r) => r.key)).toEqual(['x', 'first', 'second', 'third']);
  });

  it('reads years and months typed with spaces, and nothing else as a number', () => {
    expect(wholeNumber(' 2026 ')).toBe(2026);
    expect(wholeNumber('')).toBeNull();
    expect(wholeNumber('20a6')).toBeNull();
    expect(wholeNumber('-3')).toBeNull();
    expect(compareByDate({ year: '2026', month: '' }, { year: '2026', month: '1' })).toBeGreaterThan(0);
  });

  it('says whether the rows are already newest first', () => {
    const rows = [row('a', '2020'), row('b', '2026', '1'), row('c', '')];
    expect(isSortedByDate(rows)).toBe(false);
    expect(isSortedByDate(sortByDate(rows))).toBe(true);
  });

  it('names a row by its date for its fields\' labels, or by its place while it has no year', () => {
    expect(rowName(row('a', '2026'), 0)).toBe('2026년 행');
    expect(rowName(row('a', '2026', '3'), 0)).toBe('2026년 3월 행');
    expect(rowName(row('a', ''), 2)).toBe('3번째 행');
  });
});
