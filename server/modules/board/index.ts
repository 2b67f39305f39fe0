/** The board module's surface: what other modules, the start-up and scripts may use. */
export { BOARD_MENU_CACHE } from './caching';
export type { BoardCaching } from './caching';
export type { BoardCache, CachedAnswer, PartStamp, Rendered } from './cache';
export type { CountedPost } from './view-counter';
export { answerTag, nameTag, scriptSafeJson, textTag } from './cache';
export { boardMenuAnswer, cachedBoardRow, countGuestView, guestBoard, guestList, guestPostAnswer, guestView } from './guest-reads';
export type { GuestPost } from './guest-reads';
export { acceptedEncodings, etagMatches, preferredEncoding } from './http-cache';
export { canOnBoard, canSeePrivateItem, isPrivateItem } from './policy';
export type { BoardRules } from './policy';
export { deleteViewsBefore, findBoard, findItem, insertItem, listItems, postCounts, postCountsQuery, renameWriter } from './repo';
export type { BoardRecord, BoardRow, ListFilter } from './repo';
export { countCommentAdded, countCommentRemoved, findBoardRecord, insertBoardRecord, listBoardRecords, updateBoardRecord } from './repo';
export { findInquiry, inquiryCountQuery, inquiryCounts, inquiryCountsQuery, inquiryStatusCountsQuery, listInquiryPage, setInquiryStatus } from './repo';
export type { InquiryFilter, InquiryRow, InquirySummaryRow } from './repo';
export { sanitizeContent } from './sanitize';
// The fold of view tallies (issue 24), started beside housekeeping.
export { foldViews, VIEW_FOLD_JOB, viewFoldSchedule } from './view-fold';
export { buildSearchTokens, htmlToText } from './search-tokens';
export { checkPostFileAccess, deny, guestVisitorKey, guestVisitorKeyNow, requireBoard, requireVisible, visitorKey } from './service';
export { updateItem } from './write';
// The header menu (modules/menu) places the boards in its groups.
export { listBoardsForMenu } from './repo';
// My page's activity tabs (issue 23).
export { memberPostsCountQuery, memberPostsQuery } from './repo';
// Visitor statistics (modules/visit): which viewed posts exist, and their titles.
export { postTitles } from './repo';
// The site search (issue 23) reads posts through here: the board module owns board_item.
export { rankedWindowQuery, RELEVANCE_WINDOW, searchableBoardsQuery, siteSearchCountQuery, siteSearchIdsQuery, siteSearchPosts } from './site-search';
export type { SearchedBoard, SearchScope, SiteSearchFilter, SiteSearchPage } from './site-search';
export { SEARCH_COUNT_CAP } from './repo';
