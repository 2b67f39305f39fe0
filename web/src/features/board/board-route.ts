import type { Board } from '@contract';
import { boardAreas } from '@contract';
import { ApiRequestError } from '../../lib/api';

/** The HTTP status of a failed API call, or null for anything else (network failures have status 0). */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiRequestError ? error.status : null;
}

/**
 * A board lives in one area (spec §2): /nids/notice is the notice board, /reference/notice is not.
 * Routes match case-insensitively, so the area does too.
 */
export function areaMatches(areaParam: string | undefined, board: Pick<Board, 'area'>): boolean {
  return (areaParam ?? '').toLowerCase() === board.area.toLowerCase();
}

/**
 * Routes match case-insensitively (spec §2), so /NIDS/NOTICE/LIST is the notice board: a known
 * board code is given its canonical spelling before it reaches the API; others go as typed.
 */
export function canonicalBoardCode(param: string | undefined): string {
  const typed = param ?? '';
  const lower = typed.toLowerCase();
  return Object.keys(boardAreas).find((code) => code.toLowerCase() === lower) ?? typed;
}

/** Route param itemNo as a post number, or null when it is not one (then the post does not exist). */
// One rule with the server, which answers 404 for an address that names no post (issue 23).
export { parseItemNo } from '@contract';

/** Router state a list passes to a post, so 목록 (and 이전글/다음글) return to the same page and search. */
export interface BoardListLinkState {
  listSearch: string;
}

export function readListSearch(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'listSearch' in state) {
    const { listSearch } = state as { listSearch: unknown };
    if (typeof listSearch === 'string' && (listSearch === '' || listSearch.startsWith('?'))) return listSearch;
  }
  return '';
}
