import type { z } from 'zod';
import { boardMessages, type boardItemExportQuery } from '../../../contract';
import type { AppDeps } from '../../deps';
import { isAdmin, type Caller } from '../../auth/caller';
import { recordAccess, type AccessActor } from '../access-record/record';
import { forbidden, unauthorized } from '../../errors';
import { kstDate, toKstIso } from '../../lib/time';
import * as boardRepo from '../board/repo';
import { requireBoard } from '../board/service';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** One export holds at most this many rows; narrow the list with a search for more. */
export const EXPORT_MAX_ROWS = 10_000;

/** A cell that a spreadsheet would run as a formula (= + - @, and tab/CR tricks) gets a leading apostrophe. */
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

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
): Promise<{ fileName: string; data: Buffer; rowCount: number }> {
  if (caller.userId === null) throw unauthorized();
  if (!isAdmin(caller)) throw forbidden(boardMessages.exportAdminsOnly);
  const board = await requireBoard(deps.db, boardCode);
  const [sortField, direction] = query.sort.split(',') as [boardRepo.ListFilter['sortField'], string];
  const { rows } = await boardRepo.listItems(deps.db, {
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
  const inquiry = board.listStyle === 'inquiry';
  // Loaded on first export: exceljs is a third of the server's start-up time and memory it
  // would hold for a rare administrator action (docs/performance.md).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '인체이식형 의료기기 환자등록사업';
  const sheet = workbook.addWorksheet(board.name.slice(0, 31));
  sheet.columns = [
    { header: '번호', key: 'itemNo', width: 8 },
    { header: '분류', key: 'category', width: 12 },
    { header: '제목', key: 'title', width: 50 },
    { header: '작성자', key: 'writerName', width: 14 },
    { header: '작성일', key: 'createdDate', width: 22 },
    { header: '조회수', key: 'viewCount', width: 8 },
    { header: '댓글수', key: 'commentCount', width: 8 },
    { header: '첨부파일수', key: 'fileCount', width: 10 },
    { header: '공지', key: 'isNotice', width: 6 },
    { header: '비밀글', key: 'isSecret', width: 8 },
    ...(inquiry ? [{ header: '답변일', key: 'answeredDate', width: 22 }] : []),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    sheet.addRow({
      itemNo: r.itemNo,
      category: escapeCell(r.category ?? ''),
      title: escapeCell(r.title),
      writerName: escapeCell(r.writerName),
      createdDate: toKstIso(r.createdAt),
      viewCount: r.viewCount,
      commentCount: r.commentCount,
      fileCount: r.fileCount,
      isNotice: r.isNotice ? 'Y' : 'N',
      isSecret: r.isSecret ? 'Y' : 'N',
      ...(inquiry ? { answeredDate: r.answeredAt ? toKstIso(r.answeredAt) : '미답변' } : {}),
    });
  }
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
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
