// The site search's plain values (issue 23), without zod: the header field and the /search screen
// read them without loading a schema (contract/board-values.ts says why).

/** The result groups, in tab order: 공지·자료 (notices, reference boards), 커뮤니티 (member boards), 페이지 (content pages), FAQ. */
export const searchGroups = ['notice', 'community', 'page', 'faq'] as const;
export type SearchGroup = (typeof searchGroups)[number];
export const searchGroupLabels: Record<SearchGroup, string> = { notice: '공지·자료', community: '커뮤니티', page: '페이지', faq: 'FAQ' };

export const searchSorts = ['relevance', 'newest'] as const;
export type SearchSort = (typeof searchSorts)[number];
export const searchSortLabels: Record<SearchSort, string> = { relevance: '정확도순', newest: '최신순' };

export const searchPeriods = ['week', 'month', 'year', 'all'] as const;
export type SearchPeriod = (typeof searchPeriods)[number];
export const searchPeriodLabels: Record<SearchPeriod, string> = { week: '1주', month: '1개월', year: '1년', all: '전체' };

/** How many results of each group the 통합 tab (no group) shows. */
export const SEARCH_PREVIEW_SIZE = 3;

export const searchMessages = {
  hidden: '인기 검색어에서 숨겼습니다.',
  shown: '인기 검색어에 다시 보입니다.',
} as const;
