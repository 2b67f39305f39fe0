import type { z } from 'zod';
import {
  accessActionLabels, accessRecordMessages, pageOf, type AccessAction, type AccessRecordView, type AccessSubjectType,
  type accessRecordExportRequest, type accessRecordFilter, type accessRecordListQuery,
} from '../../../contract';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../errors';
import { kstDate, toKstIso } from '../../lib/time';
import { escapeCell } from '../export/service';
import { recordAccess, type AccessActor } from './record';
import * as repo from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type FilterInput = z.output<typeof accessRecordFilter>;

/** One export holds at most this many records (the same bound as the board export). */
export const ACCESS_RECORD_EXPORT_MAX = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const isDay = (v: string) => v.length === 10;
/** A moment without an offset is Korea time, as the console shows every time. */
const moment = (v: string) => new Date(/(Z|[+-]\d{2}:\d{2})$/.test(v) ? v : `${v}+09:00`);
const kstMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);

/**
 * The query's period as moments: a day is the whole KST day (`to` included up to its end), a
 * moment is taken as it is. The account is looked up; null when no account matches (no records).
 */
export async function resolveFilter(deps: Deps, f: FilterInput): Promise<repo.RecordFilter | null> {
  const filter: repo.RecordFilter = { action: f.action };
  if (f.from) filter.from = isDay(f.from) ? kstMidnight(f.from) : moment(f.from);
  if (f.to) {
    if (isDay(f.to)) filter.before = new Date(kstMidnight(f.to).getTime() + DAY_MS);
    else filter.until = moment(f.to);
  }
  const end = filter.before ?? filter.until;
  if (filter.from && end && filter.from.getTime() > end.getTime()) throw badRequest(accessRecordMessages.badPeriod);
  if (f.actor) {
    const actorId = await repo.findActorId(deps.db, f.actor);
    if (actorId === null) return null;
    filter.actorId = actorId;
  }
  return filter;
}

export function toView(row: repo.RecordRow): AccessRecordView {
  const action = row.action as AccessAction;
  return {
    id: row.id,
    at: toKstIso(row.at),
    actorId: row.actorId,
    actorKey: row.actorKey,
    address: row.address,
    action,
    actionLabel: accessActionLabels[action] ?? row.action,
    subjectType: row.subjectType as AccessSubjectType,
    subject: row.subject,
    detail: row.detail,
    reason: row.reason,
    rowCount: row.rowCount,
  };
}

/** `GET /api/admin/access-records`: a page of records, newest first (the caller is checked by the route). */
export async function listAccessRecords(deps: Deps, query: z.output<typeof accessRecordListQuery>) {
  const filter = await resolveFilter(deps, query);
  if (!filter) return { content: [], ...pageOf(0, query) };
  const offset = (query.page - 1) * query.size;
  const [ids, [counted]] = await Promise.all([repo.pageIdsQuery(deps.db, filter, offset, query.size), repo.countQuery(deps.db, filter)]);
  const rows = await repo.rowsById(
    deps.db,
    ids.map((r) => r.id),
  );
  return { content: rows.map(toView), ...pageOf(counted?.n ?? 0, query) };
}

/** The filter in words, for the export's own record (`subject`) and for a reviewer. */
export function describeFilter(f: FilterInput): string {
  const parts: string[] = [];
  if (f.from || f.to) parts.push(`기간 ${f.from ?? '처음'} ~ ${f.to ?? '현재'}`);
  if (f.actor) parts.push(`관리자 ${f.actor}`);
  if (f.action) parts.push(`작업 ${accessActionLabels[f.action]}`);
  return parts.length ? parts.join(', ') : '전체';
}

/**
 * `POST /api/admin/access-records/export-data`: the matching records as .xlsx with Korean headers
 * and formula-safe cells. The export is itself written to the chain (ACCESS_RECORD_EXPORT, with the
 * reason, the row count and the filter) before the file is handed out.
 */
export async function exportAccessRecords(
  deps: Deps,
  actor: AccessActor,
  request: z.output<typeof accessRecordExportRequest>,
): Promise<{ fileName: string; data: Buffer; rowCount: number }> {
  const { reason, ...filterInput } = request;
  const filter = await resolveFilter(deps, filterInput);
  const rows = filter ? await repo.listRowsQuery(deps.db, filter, ACCESS_RECORD_EXPORT_MAX + 1) : [];
  if (rows.length > ACCESS_RECORD_EXPORT_MAX) throw badRequest(accessRecordMessages.exportTooLarge);

  // Loaded on first export, as the board export does: exceljs is large and rarely needed.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '인체이식형 의료기기 환자등록사업';
  const sheet = workbook.addWorksheet('접근기록');
  sheet.columns = [
    { header: '일시', key: 'at', width: 26 },
    { header: '관리자', key: 'actor', width: 16 },
    { header: '작업', key: 'action', width: 22 },
    { header: '대상', key: 'subject', width: 40 },
    { header: '사유', key: 'reason', width: 40 },
    { header: '건수', key: 'rowCount', width: 8 },
    { header: '접속 주소', key: 'address', width: 18 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const view = toView(row);
    sheet.addRow({
      at: view.at,
      actor: escapeCell(view.actorKey),
      action: view.actionLabel,
      subject: escapeCell(view.subject),
      reason: escapeCell(view.reason ?? ''),
      rowCount: view.rowCount ?? '',
      address: escapeCell(view.address),
    });
  }
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  const now = deps.clock.now();
  await recordAccess(deps.db, actor, now, {
    action: 'ACCESS_RECORD_EXPORT',
    subjectType: 'access-record',
    subject: describeFilter(filterInput),
    detail: { filter: filterInput },
    reason,
    rowCount: rows.length,
  });
  return { fileName: `접근기록_${kstDate(now)}.xlsx`, data, rowCount: rows.length };
}
