import { describe, expect, it } from 'vitest';
import { listSearchString, parseListParams, virtualNumber } from './list-params';
import { pageBlock } from '../../ui/Pagination';

describe('parseListParams', () => {
  it('reads page, search type and keyword from the query string', () => {
    expect(parseListParams(new URLSearchParams('page=2&searchType=title&keyword=%20등록%20'))).toEqual({
      page: 2,
      searchType: 'title',
      keyword: '등록',
    });
  });

  it('falls back to page 1 and 제목+내용 for missing or invalid values', () => {
    expect(parseListParams(new URLSearchParams('page=abc&searchType=drop'))).toEqual({ page: 1, searchType: 'titleContent', keyword: '' });
    expect(parseListParams(new URLSearchParams('page=0')).page).toBe(1);
    expect(parseListParams(new URLSearchParams('page=1.5')).page).toBe(1);
  });
});

describe('listSearchString', () => {
  it('leaves out page 1 and an empty search', () => {
    expect(listSearchString({ page: 1, searchType: 'title', keyword: '' })).toBe('');
    expect(listSearchString({ page: 3, searchType: 'title', keyword: '' })).toBe('?page=3');
  });

  it('round-trips with parseListParams', () => {
    const params = { page: 2, searchType: 'writer' as const, keyword: '관리자 공지' };
    expect(parseListParams(new URLSearchParams(listSearchString(params)))).toEqual(params);
  });
});

describe('pageBlock', () => {
  it('shows up to ten pages in blocks', () => {
    expect(pageBlock(1, 3)).toEqual([1, 2, 3]);
    expect(pageBlock(7, 25)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageBlock(11, 25)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageBlock(23, 25)).toEqual([21, 22, 23, 24, 25]);
  });

  it('handles no pages and a page past the end', () => {
    expect(pageBlock(1, 0)).toEqual([]);
    expect(pageBlock(99, 12)).toEqual([11, 12]);
  });
});

describe('virtualNumber', () => {
  it('counts down across pages', () => {
    expect(virtualNumber(12, 1, 10, 0)).toBe(12);
    expect(virtualNumber(12, 1, 10, 9)).toBe(3);
    expect(virtualNumber(12, 2, 10, 1)).toBe(1);
  });
});
