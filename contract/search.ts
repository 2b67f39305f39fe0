// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { searchGroups, searchPeriods, searchSorts } from './search-values';

export * from './search-values';

/**
 * The site-wide search (통합검색, issue 23; docs/decisions/0035-site-search.md):
 * `GET /api/search?keyword=&group=&sort=&period=&page=&size=`. Without `group` the answer holds
 * each group's first few results (the 통합 tab); with one, a page of that group. Every group's
 * count is exact up to SEARCH_COUNT_CAP and says `capped` above it, as the board search does.
 */
export const searchQuery = z.object({
  keyword: z.string().trim().min(1, '검색어를 입력해주세요.').max(100, '검색어는 100자 이내로 입력해주세요.'),
  group: z.enum(searchGroups).optional(),
  sort: z.enum(searchSorts).default('relevance'),
  period: z.enum(searchPeriods).default('all'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A piece of a title or snippet; `mark` pieces are the keyword's matches (shown in <mark>). Plain text, never HTML. */
export const searchTextPart = z.object({ text: z.string(), mark: z.boolean() });
export type SearchTextPart = z.infer<typeof searchTextPart>;

export const searchResult = z.object({
  group: z.enum(searchGroups),
  /** The board's or the page's name. */
  source: z.string(),
  /** The screen to open (contract/paths.ts). */
  path: z.string(),
  title: z.array(searchTextPart),
  snippet: z.array(searchTextPart),
  /** A post's date, a page's effective date (ISO 8601). */
  date: z.string(),
});
export type SearchResult = z.infer<typeof searchResult>;

const groupCount = z.object({ group: z.enum(searchGroups), total: z.number().int(), capped: z.boolean() });
export type SearchGroupCount = z.infer<typeof groupCount>;

export const searchAnswer = z.object({
  keyword: z.string(),
  /** Every group in tab order with its count. */
  counts: z.array(groupCount),
  /** With `group`: that group's page; without: each group's first results, in the counts' order. */
  results: z.array(searchResult),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;

export const popularSearchList = z.object({ terms: z.array(z.string()) });
export type PopularSearchList = z.infer<typeof popularSearchList>;

/** The console's view of the last 7 days' terms, hidden ones included. */
export const adminPopularSearchList = z.object({
  terms: z.array(z.object({ term: z.string(), searches: z.number().int(), hidden: z.boolean() })),
});
export type AdminPopularSearchList = z.infer<typeof adminPopularSearchList>;

export const popularSearchHideRequest = z.object({
  term: z.string().trim().min(1, '검색어를 입력해주세요.').max(100, '검색어는 100자 이내로 입력해주세요.'),
  hidden: z.boolean(),
});
export type PopularSearchHideRequest = z.infer<typeof popularSearchHideRequest>;
