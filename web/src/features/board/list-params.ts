import { searchTypes, type SearchType } from '@contract';

/**
 * The board list's state lives in the URL query string (?page=2&searchType=title&keyword=등록),
 * so back, forward and refresh keep it. These helpers read and write it; they are pure.
 */
export interface BoardListParams {
  page: number;
  searchType: SearchType;
  /** Trimmed; empty when not searching. */
  keyword: string;
}

export const DEFAULT_SEARCH_TYPE: SearchType = 'titleContent';
export const KEYWORD_MAX_LENGTH = 100;

export const searchTypeLabels: Record<SearchType, string> = {
  title: '제목',
  content: '내용',
  titleContent: '제목+내용',
  writer: '작성자',
};

const isSearchType = (value: string | null): value is SearchType =>
  value !== null && (searchTypes as readonly string[]).includes(value);

export function parseListParams(search: URLSearchParams): BoardListParams {
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100000 ? page : 1,
    searchType: isSearchType(search.get('searchType')) ? (search.get('searchType') as SearchType) : DEFAULT_SEARCH_TYPE,
    keyword: (search.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX_LENGTH),
  };
}

/** The query string for a list state: page 1 and an empty search are left out, so URLs stay short. */
export function listSearchString(params: BoardListParams): string {
  const search = new URLSearchParams();
  if (params.page > 1) search.set('page', String(params.page));
  if (params.keyword) {
    search.set('searchType', params.searchType);
    search.set('keyword', params.keyword);
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** The descending number shown in the 번호 column: the newest post of all has the highest number. */
export function virtualNumber(totalElements: number, page: number, size: number, index: number): number {
  return totalElements - (page - 1) * size - index;
}
