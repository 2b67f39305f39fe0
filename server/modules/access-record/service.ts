import type { z } from 'zod';
import {
  accessActionLabels, accessRecordMessages, pageOf, type AccessAction, type AccessRecordView, type AccessSubjectType,
  type accessRecordExportRequest, type accessRecordFilter, type accessRecordListQuery,
} from '@contract';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../errors';
import { DAY_MS } from '../../lib/clock';
import { kstDate, toKstIso } from '../../lib/time';
import { buildWorkbook, EXPORT_MAX_ROWS, type WorkbookExport } from '../../lib/xlsx';
import { recordAccess, type AccessActor } from './record';
import * as repo from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type FilterInput = z.output<typeof accessRecordFilter>;

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
): Promise<WorkbookExport> {
  const { reason, ...filterInput } = request;
  const filter = await resolveFilter(deps, filterInput);
  const rows = filter ? await repo.listRowsQuery(deps.db, filter, EXPORT_MAX_ROWS + 1) : [];
  if (rows.length > EXPORT_MAX_ROWS) throw badRequest(accessRecordMessages.exportTooLarge);

  const data = await buildWorkbook({
    name: '접근기록',
    columns: [
      { header: '일시', width: 26, value: (view) => view.at },
      { header: '관리자', width: 16, value: (view) => view.actorKey },
      { header: '작업', width: 22, value: (view) => view.actionLabel },
      { header: '대상', width: 40, value: (view) => view.subject },
      { header: '사유', width: 40, value: (view) => view.reason ?? '' },
      { header: '건수', width: 8, value: (view) => view.rowCount ?? '' },
      { header: '접속 주소', width: 18, value: (view) => view.address },
    ],
    rows: rows.map(toView),
  });
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
