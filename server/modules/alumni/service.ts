import type { z } from 'zod';
import {
  ALUMNI_MAX_ROWS, ALUMNI_PREVIEW_ROWS, alumniMessages,
  type AlumniImportPreview, type AlumniImportReport, type AlumniPage, type AlumniRecord, type AlumniValues,
  type alumniCreateBody, type alumniExportBody, type alumniImportBody, type alumniListQuery, type alumniPatchBody,
} from '@contract';
import { requireAdmin } from '../../auth/admin';
import type { Caller } from '../../auth/caller';
import { withTransaction } from '@server/db/transaction';
import type { AppDeps } from '../../deps';
import { ApiError, badRequest, conflict, notFound } from '../../errors';
import { kstDate, toKstIso } from '../../lib/time';
import { uniqueViolation } from '../../lib/pg-errors';
import { recordAccess, type AccessActor } from '@server/modules/access-record';
import { deleteImportWorkbook, readImportWorkbook, openWorkbook } from '@server/modules/upload';
import { checkRows, planImport, valuesOf } from './import-plan';
import * as repo from './repo';
import { buildAlumniWorkbook, readAlumniSheet, type SheetContent } from './workbook';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'files'>;

/** Who is asking: an admin (401 for guests, 403 for members), and from where. */
export function adminActor(caller: Caller, address: string): AccessActor {
  requireAdmin(caller);
  return { userId: caller.userId, address };
}

const emailTaken = () => conflict(alumniMessages.emailTaken, { field: 'email' });

/**
 * Each transaction of this module ends here when it fails: a unique e-mail violated meanwhile by
 * another request is a 409, not a 500.
 */
function emailTakenMeanwhile(err: unknown): never {
  if (uniqueViolation(err) === 'alumni_email_uq') throw emailTaken();
  throw err;
}

export const toRecord = (r: repo.AlumniRow): AlumniRecord => ({
  ...valuesOf(r),
  id: r.id,
  createdDate: toKstIso(r.createdAt),
  modifiedDate: toKstIso(r.modifiedAt),
});

/** The filter in words a reviewer of the access records reads. */
const filterSubject = (keyword: string | undefined) => (keyword ? `검색어: ${keyword}` : '전체');
const recordSubject = (r: { id: number; name: string }) => `#${r.id} ${r.name}`;

/** `GET /api/alumni`: each read is an access record (PIPA), with the filter as its subject. */
export async function list(deps: Deps, actor: AccessActor, query: z.output<typeof alumniListQuery>): Promise<AlumniPage> {
  const keyword = query.keyword || undefined;
  return withTransaction(deps.db, async (tx) => {
    const { rows, total } = await repo.list(tx, { keyword, sort: query.sort, offset: (query.page - 1) * query.size, limit: query.size });
    await recordAccess(tx, actor, deps.clock.now(), {
      action: 'ALUMNI_LIST_VIEW',
      subjectType: 'alumni',
      subject: filterSubject(keyword),
      detail: { page: query.page, size: query.size, sort: query.sort, ...(keyword ? { keyword } : {}) },
      rowCount: rows.length,
    });
    return { content: rows.map(toRecord), totalElements: total, totalPages: Math.ceil(total / query.size), page: query.page, size: query.size };
  }).catch(emailTakenMeanwhile);
}

/** `PUT /api/alumni`: a new record; an e-mail already in the book is a 409. */
export async function create(deps: Deps, actor: AccessActor, values: z.output<typeof alumniCreateBody>): Promise<number> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    if (values.email && (await repo.findIdByEmail(tx, values.email)) !== undefined) throw emailTaken();
    const id = await repo.insert(tx, values, now);
    await recordAccess(tx, actor, now, { action: 'ALUMNI_CREATE', subjectType: 'alumni', subject: recordSubject({ id, name: values.name }) });
    return id;
  }).catch(emailTakenMeanwhile);
}

/** `PATCH /api/alumni/{id}`: the given fields change; the record says which. */
export async function update(deps: Deps, actor: AccessActor, id: number, patch: z.output<typeof alumniPatchBody>): Promise<void> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const current = await repo.findById(tx, id, true);
    if (!current) throw notFound(alumniMessages.notFound);
    const before = valuesOf(current);
    const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<AlumniValues>;
    const next: AlumniValues = { ...before, ...given };
    if (next.email && next.email !== before.email) {
      const holder = await repo.findIdByEmail(tx, next.email);
      if (holder !== undefined && holder !== id) throw emailTaken();
    }
    const changed = (Object.keys(given) as (keyof AlumniValues)[]).filter((k) => before[k] !== next[k]);
    if (changed.length > 0) await repo.update(tx, id, next, now);
    await recordAccess(tx, actor, now, {
      action: 'ALUMNI_UPDATE',
      subjectType: 'alumni',
      subject: recordSubject({ id, name: next.name }),
      detail: { fields: changed },
    });
  }).catch(emailTakenMeanwhile);
}

/** `DELETE /api/alumni/{id}`: staff data, deleted for good; the access record keeps who and which. */
export async function remove(deps: Deps, actor: AccessActor, id: number): Promise<void> {
  const now = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const removed = await repo.remove(tx, id);
    if (!removed) throw notFound(alumniMessages.notFound);
    await recordAccess(tx, actor, now, { action: 'ALUMNI_DELETE', subjectType: 'alumni', subject: recordSubject(removed) });
  }).catch(emailTakenMeanwhile);
}

/**
 * `POST /api/alumni/export-data`: the matching records, newest first, as .xlsx. More than
 * ALUMNI_MAX_ROWS is refused rather than cut short, so that an export always re-imports whole.
 */
export async function exportData(
  deps: Deps,
  actor: AccessActor,
  body: z.output<typeof alumniExportBody>,
): Promise<{ fileName: string; data: Buffer; rowCount: number }> {
  const keyword = body.keyword || undefined;
  const now = deps.clock.now();
  const rows = await withTransaction(deps.db, async (tx) => {
    const found = await repo.listQuery(tx, { keyword, sort: 'createdDate,DESC', offset: 0, limit: ALUMNI_MAX_ROWS + 1 });
    if (found.length > ALUMNI_MAX_ROWS) throw badRequest(alumniMessages.exportTooMany(ALUMNI_MAX_ROWS.toLocaleString('ko-KR')));
    await recordAccess(tx, actor, now, {
      action: 'ALUMNI_EXPORT',
      subjectType: 'alumni',
      subject: filterSubject(keyword),
      detail: keyword ? { keyword } : {},
      reason: body.reason,
      rowCount: found.length,
    });
    return found;
  }).catch(emailTakenMeanwhile);
  return { fileName: `주소록_${kstDate(now)}.xlsx`, data: await buildAlumniWorkbook(rows), rowCount: rows.length };
}

/**
 * The rows of an uploaded workbook. A workbook that cannot be imported (no header row, no rows,
 * too many) is deleted at once: there is nothing more to do with it, and personal data should
 * not wait for housekeeping.
 */
async function readUploadedSheet(deps: Deps, userId: number, fileId: string): Promise<{ fileName: string; sheet: SheetContent }> {
  const file = await readImportWorkbook(deps, fileId, userId);
  try {
    return { fileName: file.name, sheet: readAlumniSheet(await openWorkbook(file.data)) };
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) {
      const storedName = await deleteImportWorkbook(deps.db, fileId);
      if (storedName) await deps.files.remove(storedName);
    }
    throw err;
  }
}

/** `POST /api/alumni/import-preview`: the first rows as they are in the file, before importing. */
export async function preview(deps: Deps, actor: AccessActor, fileId: string): Promise<AlumniImportPreview> {
  const { sheet } = await readUploadedSheet(deps, actor.userId, fileId);
  return {
    fields: sheet.fields,
    ignoredHeaders: sheet.ignoredHeaders,
    rows: sheet.rows.slice(0, ALUMNI_PREVIEW_ROWS).map((r) => ({ row: r.row, values: r.values as Record<string, string> })),
    totalRows: sheet.rows.length,
  };
}

/**
 * `POST /api/alumni/import-data`: checks every row, then (allOrNothing) writes nothing if any
 * row is bad, or (skipInvalid) writes the good rows; the report lists every bad row either way.
 * One transaction holds the writes, the access record and the deletion of the uploaded file,
 * whose bytes go after commit: an import uses its file up, whatever the outcome.
 */
export async function importData(deps: Deps, actor: AccessActor, body: z.output<typeof alumniImportBody>): Promise<AlumniImportReport> {
  const { fileName, sheet } = await readUploadedSheet(deps, actor.userId, body.fileId);
  const { valid, rejectedRows } = checkRows(sheet.rows);
  const now = deps.clock.now();
  const apply = body.mode === 'skipInvalid' || rejectedRows.length === 0;
  const { report, storedName } = await withTransaction(deps.db, async (tx) => {
    // The workbook is spent first: a second import of the same file at the same moment waits for
    // this row, then finds it gone (404) instead of adding the rows twice.
    const storedName = await deleteImportWorkbook(tx, body.fileId);
    if (storedName === null) throw notFound(alumniMessages.importFileGone);
    const emails = valid.flatMap((r) => (r.values.email ? [r.values.email] : []));
    const names = [...new Set(valid.filter((r) => !r.values.email).map((r) => r.values.name!))];
    const plan = planImport(valid, await repo.findByEmails(tx, emails), await repo.findWithoutEmailByNames(tx, names), sheet.fields);
    if (apply) {
      await repo.insertMany(tx, plan.toAdd, now);
      await repo.updateMany(tx, plan.toUpdate, now);
    }
    const report: AlumniImportReport = {
      mode: body.mode,
      applied: apply,
      totalRows: sheet.rows.length,
      added: apply ? plan.toAdd.length : 0,
      updated: apply ? plan.toUpdate.length : 0,
      unchanged: apply ? plan.unchanged : 0,
      rejected: rejectedRows.length,
      rejectedRows,
    };
    await recordAccess(tx, actor, now, {
      action: 'ALUMNI_IMPORT',
      subjectType: 'alumni',
      subject: `파일: ${fileName}`,
      detail: {
        mode: report.mode, applied: report.applied, added: report.added, updated: report.updated,
        unchanged: report.unchanged, rejected: report.rejected,
      },
      reason: body.reason,
      rowCount: sheet.rows.length,
    });
    return { report, storedName };
  }).catch(emailTakenMeanwhile);
  if (storedName) await deps.files.remove(storedName);
  return report;
}
