import type { Board, BoardItem, BoardItemPage, BoardItemSummary, BoardFile } from '@contract';
import { boardItemListQuery, messages } from '@contract';
import type { z } from 'zod';
import type { Caller } from '../../auth/caller';
import type { Db } from '../../db/client';
import { forbidden, notFound, unauthorized } from '../../errors';
import { kstDate, toKstIso } from '../../lib/time';
import { fileUrl, listFilesOfItems, thumbnailUrl } from '@server/modules/file';
import type { VisitorKeys } from '@server/modules/visitor-key';
import { canOnBoard, canSeePrivateItem, isPrivateItem, listOnlyOwn, type BoardRules } from './policy';
import * as repo from './repo';
import type { ViewCounter } from './view-counter';

type ListQuery = z.output<typeof boardItemListQuery>;

export async function getBoard(db: Db, caller: Caller, boardCode: string): Promise<Board> {
  const row = await requireBoard(db, boardCode);
  return toBoard(row, caller);
}

export async function requireBoard(db: Db, boardCode: string): Promise<repo.BoardRow> {
  const row = await repo.findBoard(db, boardCode);
  if (!row) throw notFound(messages.boardNotFound);
  return row;
}

/** A guest is asked to sign in; a member without the right is refused. */
export function deny(caller: Caller): never {
  throw caller.userId === null ? unauthorized() : forbidden();
}

/**
 * A file attached to a post follows the post (issue 2): shown to whoever may read the post,
 * downloaded by whoever may also download on that board. The file routes get this through
 * server/app.ts (the board module imports the file module, not the other way round).
 */
export function checkPostFileAccess(
  caller: Caller,
  board: BoardRules,
  item: { writerId: number | null; isSecret: boolean },
  action: 'read' | 'download',
): void {
  if (!canOnBoard(caller, board, 'read') || !canOnBoard(caller, board, action)) deny(caller);
  if (isPrivateItem(board, item) && !canSeePrivateItem(caller, board, item)) deny(caller);
}

export function toBoard(row: repo.BoardRow, caller: Caller): Board {
  return {
    boardCode: row.boardCode,
    area: row.area,
    name: row.name,
    description: row.description,
    listStyle: row.listStyle,
    allowAttachments: row.allowAttachments,
    useComments: row.useComments,
    pageSize: row.pageSize,
    maxFiles: row.maxFiles,
    maxFileSize: row.maxFileSize,
    maxImageSize: row.maxImageSize,
    categories: row.categories,
    permissions: {
      list: canOnBoard(caller, row, 'list'),
      read: canOnBoard(caller, row, 'read'),
      write: canOnBoard(caller, row, 'write'),
      comment: canOnBoard(caller, row, 'comment'),
      download: canOnBoard(caller, row, 'download'),
      manage: canOnBoard(caller, row, 'manage'),
    },
  };
}

/** Whether the caller must not see this post's title, content or files (issue 4: private posts never leak). */
export function isHidden(row: { isSecret: boolean; writerId: number | null }, board: repo.BoardRow, caller: Caller): boolean {
  return isPrivateItem(board, row) && !canSeePrivateItem(caller, board, row);
}

export function toSummary(
  row: repo.BoardItemRow,
  files: repo.ViewFileRow[],
  board: repo.BoardRow,
  caller: Caller,
  shownToWriter = false,
): BoardItemSummary {
  const hidden = !shownToWriter && isHidden(row, board, caller);
  return {
    boardCode: row.boardCode,
    itemNo: row.itemNo,
    title: hidden ? messages.secretItem : row.title,
    category: row.category,
    writerName: row.writerName,
    createdDate: toKstIso(row.createdAt),
    modifiedDate: toKstIso(row.modifiedAt),
    viewCount: row.viewCount,
    commentCount: row.commentCount,
    fileCount: row.fileCount,
    thumbnailUrl: hidden || !row.thumbnailFileId ? null : thumbnailUrl(row.thumbnailFileId),
    isNotice: row.isNotice,
    showItemToMain: row.showItemToMain,
    isSecret: row.isSecret,
    content: hidden ? '' : row.content,
    files: hidden ? [] : files.map(toBoardFile),
    answeredDate: row.answeredAt ? toKstIso(row.answeredAt) : null,
  };
}

export async function listBoardItems(db: Db, caller: Caller, query: ListQuery): Promise<BoardItemPage> {
  return listItemsOfBoard(db, caller, await requireBoard(db, query.boardCode), query);
}

/** The list for a board already read (the guest cache needs the board to decide what it may keep). */
export async function listItemsOfBoard(db: Db, caller: Caller, board: repo.BoardRow, query: ListQuery): Promise<BoardItemPage> {
  if (!canOnBoard(caller, board, 'list')) deny(caller);
  const [sortField, direction] = query.sort.split(',') as [repo.ListFilter['sortField'], string];
  const size = query.size ?? board.pageSize;
  const onlyWriterId = listOnlyOwn(caller, board) ? caller.userId : undefined;
  const [{ rows, total, capped }, notices] = await Promise.all([
    repo.listItems(db, {
      boardCode: board.boardCode,
      sortField,
      direction: direction.toUpperCase() === 'ASC' ? 'ASC' : 'DESC',
      offset: (query.page - 1) * size,
      limit: size,
      showItemToMain: query.showItemToMain,
      excludeNotices: query.pinNotices,
      onlyWriterId,
      searchType: query.searchType,
      keyword: query.keyword || undefined,
      category: query.category,
    }),
    query.pinNotices && onlyWriterId === undefined ? repo.listNotices(db, board.boardCode) : Promise.resolve([]),
  ]);
  const files = await listFilesOfItems(db, [...rows, ...notices].map((r) => r.id));
  return {
    content: rows.map((r) => toSummary(r, files.get(r.id) ?? [], board, caller)),
    notices: notices.map((r) => toSummary(r, files.get(r.id) ?? [], board, caller)),
    totalElements: total,
    totalCapped: capped,
    totalPages: Math.ceil(total / size),
    page: query.page,
    size,
  };
}

export function toBoardFile(f: { id: string; originalName: string; size: number; contentType: string; thumbnailName: string | null; downloadCount: number }): BoardFile {
  return {
    id: f.id,
    name: f.originalName,
    size: f.size,
    contentType: f.contentType,
    url: fileUrl(f.id),
    thumbnailUrl: f.thumbnailName ? thumbnailUrl(f.id) : null,
    downloadCount: f.downloadCount,
  };
}

/**
 * Who counts as one visitor for the daily view count (`now`'s Korean calendar day): the member, or
 * a guest by the day's view key (visitor-key/keys.ts viewKeyOf: address and browser under the day's
 * salt). Not a plain hash of address and browser, which the views kept for the day (and a backup
 * of them) would give back by trying every IPv4 address (decision 0044).
 */
export function visitorKey(keys: VisitorKeys, caller: Caller, ip: string, userAgent: string | undefined, now: Date): string | Promise<string> {
  return caller.userId !== null ? `u:${caller.userId}` : guestVisitorKey(keys, ip, userAgent, now);
}

/** visitorKey's for a guest: by address and user agent, under the day's salt. */
export function guestVisitorKey(keys: VisitorKeys, ip: string, userAgent: string | undefined, now: Date): string | Promise<string> {
  // At once when the day's salt is in memory: no promise on the reader's path.
  return guestVisitorKeyNow(keys, ip, userAgent, now) ?? keys.viewKeyOf(ip, userAgent, now).then((k) => `a:${k}`);
}

/** guestVisitorKey while the day's salt is in memory, else undefined (and nothing asked for: the caller that can wait asks). */
export function guestVisitorKeyNow(keys: VisitorKeys, ip: string, userAgent: string | undefined, now: Date): string | undefined {
  const key = keys.viewKeyNow(ip, userAgent, now);
  return key === undefined ? undefined : `a:${key}`;
}

/**
 * A post view as the caller may see it, without counting the view (the guest cache counts per
 * request). `board`: the board of `params.boardCode` as the caller read it (a member's call reads
 * the table, a guest's the cached row: guest-reads.ts cachedBoardRow), undefined when there is none.
 */
export async function readPost(
  db: Db,
  caller: Caller,
  params: { boardCode: string; itemNo: number },
  board: repo.BoardRow | undefined,
): Promise<{ board: repo.BoardRow; item: repo.BoardItemRow; detail: BoardItem; excerpt: string }> {
  if (!board) throw notFound(messages.boardNotFound);
  if (!canOnBoard(caller, board, 'read')) deny(caller);
  const view = await repo.findItemForView(db, board.boardCode, params.itemNo, listOnlyOwn(caller, board) ? caller.userId : undefined);
  if (!view) throw notFound(messages.boardItemNotFound);
  const { item } = view;
  requireVisible(caller, board, item);
  const neighbour = (row: repo.NeighbourRow | null) =>
    row ? { itemNo: row.itemNo, title: isHidden(row, board, caller) ? messages.secretItem : row.title } : null;
  const detail = toDetail(item, view.files, board, caller, { prev: neighbour(view.prev), next: neighbour(view.next) });
  return { board, item, detail, excerpt: view.excerpt };
}

/**
 * `GET /api/board-item/{boardCode}/{itemNo}` for a signed-in caller: the post, counting the view
 * once per visitor a day (the Korean calendar day of `now`, the app's clock; in memory, written
 * within seconds: view-counter.ts); the count includes views not yet written. Guests read the
 * cached answer instead (guest-reads.ts guestView), counted the same way.
 */
export async function readBoardItem(
  deps: { db: Db; views: ViewCounter },
  caller: Caller,
  params: { boardCode: string; itemNo: number },
  // Keyed once the post was read and may be seen: a refused read asks for nothing (guest-reads.ts guestView).
  visitor: () => string | Promise<string>,
  now: Date,
): Promise<{ post: BoardItem; staffReadContact: boolean }> {
  const { item, detail } = await readPost(deps.db, caller, params, await repo.findBoard(deps.db, params.boardCode));
  deps.views.record({ itemId: item.id, boardCode: item.boardCode, visitor: await visitor(), day: kstDate(now) });
  return {
    post: { ...detail, viewCount: item.viewCount + deps.views.unflushed(item.id) },
    // A manager reading someone else's inquiry sees the inquirer's contact details: an access record.
    staffReadContact: detail.contact !== null && item.writerId !== caller.userId,
  };
}

/** Refuses a private post (secret post, inquiry) to anyone but its writer and the board's managers. */
export function requireVisible(caller: Caller, board: repo.BoardRow, item: { isSecret: boolean; writerId: number | null }): void {
  if (isPrivateItem(board, item) && !canSeePrivateItem(caller, board, item)) {
    if (caller.userId === null) throw unauthorized('비밀글은 작성자와 관리자만 볼 수 있습니다. 로그인해주세요.');
    throw forbidden('비밀글은 작성자와 관리자만 볼 수 있습니다.');
  }
}

/** Its writer (a member) and the board's managers may edit and delete a post. */
export function canEditItem(caller: Caller, board: repo.BoardRow, item: { writerId: number | null }): boolean {
  if (canOnBoard(caller, board, 'manage')) return true;
  return caller.userId !== null && item.writerId === caller.userId;
}

export function toDetail(
  item: repo.BoardItemRow,
  files: repo.ViewFileRow[],
  board: repo.BoardRow,
  caller: Caller,
  neighbours: Pick<BoardItem, 'prev' | 'next'> = { prev: null, next: null },
  /** The answer to the request that wrote it: a guest sees what they just sent, once. */
  justWritten = false,
): BoardItem {
  const inquiry = board.listStyle === 'inquiry';
  return {
    ...toSummary(item, files, board, caller, justWritten),
    ...neighbours,
    editable: canEditItem(caller, board, item),
    answer: inquiry ? item.answer : null,
    contact: inquiry && item.contactEmail ? { email: item.contactEmail, phone: item.contactPhone } : null,
  };
}
