import type { z } from 'zod';
import { boardMessages, type boardItemExportQuery } from '@contract';
import type { AppDeps } from '../../deps';
import { isAdmin, type Caller } from '../../auth/caller';
import { recordAccess, type AccessActor } from '@server/modules/access-record';
import { forbidden, unauthorized } from '../../errors';
import { kstDate, toKstIso } from '../../lib/time';
import { buildWorkbook, EXPORT_MAX_ROWS, type SheetColumn, type WorkbookExport } from '../../lib/xlsx';
import { listItems, type ListFilter, requireBoard } from '@server/modules/board';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * `GET /api/board-item/download-data/{boardCode}`: the list as .xlsx with Korean headers and only
 * the fields the purpose needs (no contact details, no content). Every export is logged.
 */
export async function exportBoardItems(
  deps: Deps,
  caller: Caller,
  boardCode: string,
  query: z.output<typeof boardItemExportQuery>,
  ip: string,
): Promise<WorkbookExport> {
  if (caller.userId === null) throw unauthorized();
  if (!isAdmin(caller)) throw forbidden(boardMessages.exportAdminsOnly);
  const board = await requireBoard(deps.db, boardCode);
  const [sortField, direction] = query.sort.split(',') as [ListFilter['sortField'], string];
  const { rows } = await listItems(deps.db, {
    boardCode: board.boardCode,
    sortField,
    direction: direction.toUpperCase() === 'ASC' ? 'ASC' : 'DESC',
    offset: 0,
    limit: EXPORT_MAX_ROWS,
    showItemToMain: query.showItemToMain,
    searchType: query.searchType,
    keyword: query.keyword || undefined,
    category: query.category,
  });
  type Row = (typeof rows)[number];
  const columns: SheetColumn<Row>[] = [
    { header: '번호', width: 8, value: (r) => r.itemNo },
    { header: '분류', width: 12, value: (r) => r.category ?? '' },
    { header: '제목', width: 50, value: (r) => r.title },
    { header: '작성자', width: 14, value: (r) => r.writerName },
    { header: '작성일', width: 22, value: (r) => toKstIso(r.createdAt) },
    { header: '조회수', width: 8, value: (r) => r.viewCount },
    { header: '댓글수', width: 8, value: (r) => r.commentCount },
    { header: '첨부파일수', width: 10, value: (r) => r.fileCount },
    { header: '공지', width: 6, value: (r) => (r.isNotice ? 'Y' : 'N') },
    { header: '비밀글', width: 8, value: (r) => (r.isSecret ? 'Y' : 'N') },
  ];
  if (board.listStyle === 'inquiry') {
    columns.push({ header: '답변일', width: 22, value: (r) => (r.answeredAt ? toKstIso(r.answeredAt) : '미답변') });
  }
  const data = await buildWorkbook({ name: board.name, columns, rows });
  const now = deps.clock.now();
  const { reason, ...listQuery } = query;
  const actor: AccessActor = { userId: caller.userId, address: ip };
  await recordAccess(deps.db, actor, now, {
    action: 'BOARD_EXPORT',
    subjectType: board.listStyle === 'inquiry' ? 'inquiry' : 'board',
    subject: board.boardCode,
    detail: { query: listQuery },
    reason,
    rowCount: rows.length,
  });
  return { fileName: `${board.name}_${kstDate(now)}.xlsx`, data, rowCount: rows.length };
}
