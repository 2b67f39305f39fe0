import type { z } from 'zod';
import {
  contentBodyTypes, contentCodes, contentMessages, contentPaths, isContentCode, isTermsContent, type AdminContentList, type AdminContentVersion,
  type AdminContentView, type ContentBody, type ContentCode, type ContentVersionList, type ContentVersionStatus, type ContentView,
  type contentRestoreRequest, type contentSaveRequest,
} from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import { adminPowersWithheld, hasPermission } from '../../auth/caller';
import { badRequest, conflict, notFound } from '../../errors';
import { withTransaction } from '../../db/transaction';
import { uniqueViolation } from '../../lib/pg-errors';
import { toKstIso } from '../../lib/time';
import { recordAccess, type AccessActor } from '@server/modules/access-record';
import { memberName } from '@server/modules/user';
import { bodyText, checkBody, sanitizeBody } from './body';
import * as repo from './repo';

/**
 * The content pages (issue 22, docs/decisions/0026-content-versions.md). Every save is a new
 * version; the current one is the published version with the latest effective date up to now (the
 * app's clock). Drafts are never public; a scheduled version is public only for a terms document,
 * which must announce it before it applies (PIPA art. 30); for the information pages it stays
 * hidden until its date.
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type WriteDeps = Pick<AppDeps, 'db' | 'clock' | 'boardCaching'>;

/**
 * The name of the guest cache's "board" that holds every content answer (server/modules/board's
 * cache): not a board code (codes are letters and digits), so a save drops exactly these answers,
 * here and, by the cache bus's NOTIFY, on every instance.
 */
export const CONTENT_CACHE = '*content';

/** Staff who may read drafts and future versions: CONTENT_Manage (the system admin always). */
export function managesContent(caller: Caller): boolean {
  if (caller.userId === null || adminPowersWithheld(caller)) return false;
  return caller.userType === 'Admin' || hasPermission(caller, 'CONTENT_Manage');
}

export function requireCode(code: string): ContentCode {
  if (!isContentCode(code)) throw notFound(contentMessages.notFound);
  return code;
}

const iso = (at: Date | null) => (at ? toKstIso(at) : null);

export function statusOf(row: { version: number; effectiveFrom: Date | null }, now: Date, currentVersion: number | null): ContentVersionStatus {
  if (!row.effectiveFrom) return 'draft';
  if (row.effectiveFrom.getTime() > now.getTime()) return 'scheduled';
  return row.version === currentVersion ? 'current' : 'past';
}

function toView(code: ContentCode, row: repo.VersionRow): ContentView {
  return {
    code,
    title: row.title,
    version: row.version,
    effectiveFrom: iso(row.effectiveFrom),
    body: row.body as ContentBody,
    updatedAt: toKstIso(row.createdAt),
  };
}

function toAdminView(code: ContentCode, row: repo.VersionRow, now: Date, currentVersion: number | null): AdminContentView {
  return {
    ...toView(code, row),
    note: row.note,
    status: statusOf(row, now, currentVersion),
    restoredFrom: row.restoredFrom,
    createdByName: row.createdByName,
  };
}

/**
 * `GET /api/content/{code}[?version=N]` as a reader gets it: the current version, or an earlier
 * published one; a scheduled one only of a terms document (announced); a draft never (404).
 */
export async function publicContent(deps: Deps, codeParam: string, version?: number): Promise<ContentView> {
  const code = requireCode(codeParam);
  const now = deps.clock.now();
  if (version === undefined) {
    const row = await repo.findCurrent(deps.db, code, now);
    if (!row) throw notFound(contentMessages.notFound);
    return toView(code, row);
  }
  const row = await repo.findVersion(deps.db, code, version);
  const visible = row?.effectiveFrom && (row.effectiveFrom.getTime() <= now.getTime() || isTermsContent(code));
  if (!row || !visible) throw notFound(contentMessages.versionNotFound);
  return toView(code, row);
}

/** The same call by staff with CONTENT_Manage: any version, drafts and future ones too (the preview). */
export async function managerContent(deps: Deps, codeParam: string, version?: number): Promise<ContentView> {
  if (version === undefined) return publicContent(deps, codeParam);
  const code = requireCode(codeParam);
  const row = await repo.findVersion(deps.db, code, version);
  if (!row) throw notFound(contentMessages.versionNotFound);
  return toView(code, row);
}

/** Each published version's period: it ends where the next (by date) begins. Rows newest first. */
function periods<T extends { effectiveFrom: Date | null }>(rows: T[]): { row: T; effectiveTo: Date | null }[] {
  return rows.map((row, i) => ({ row, effectiveTo: i === 0 ? null : rows[i - 1]!.effectiveFrom }));
}

/**
 * `GET /api/content/{code}/versions`: the published versions with their periods, newest first; a
 * terms document's announced (scheduled) version first of all.
 */
export async function publicVersions(deps: Deps, codeParam: string): Promise<ContentVersionList> {
  const code = requireCode(codeParam);
  const now = deps.clock.now();
  const rows = await repo.publishedQuery(deps.db, code, isTermsContent(code) ? undefined : now);
  const current = rows.find((r) => r.effectiveFrom!.getTime() <= now.getTime())?.version ?? null;
  return {
    content: periods(rows).map(({ row, effectiveTo }) => ({
      version: row.version,
      effectiveFrom: toKstIso(row.effectiveFrom!),
      effectiveTo: iso(effectiveTo),
      status: statusOf(row, now, current) as 'scheduled' | 'current' | 'past',
    })),
  };
}

/** `GET /api/admin/content/{code}/versions`: every version, newest first, with who, when, the note and the state. */
export async function adminVersions(deps: Deps, codeParam: string): Promise<{ content: AdminContentVersion[] }> {
  const code = requireCode(codeParam);
  const now = deps.clock.now();
  const [rows, current] = await Promise.all([repo.newestVersionsQuery(deps.db, code), repo.findCurrent(deps.db, code, now)]);
  // Published ones' periods follow the published order (by date), not the version numbers.
  const publishedRows = rows.filter((r) => r.effectiveFrom).sort((a, b) => b.effectiveFrom!.getTime() - a.effectiveFrom!.getTime() || b.version - a.version);
  const ends = new Map(periods(publishedRows).map(({ row, effectiveTo }) => [row.version, effectiveTo]));
  return {
    content: rows.map((row) => ({
      version: row.version,
      title: row.title,
      note: row.note,
      status: statusOf(row, now, current?.version ?? null),
      effectiveFrom: iso(row.effectiveFrom),
      effectiveTo: iso(ends.get(row.version) ?? null),
      restoredFrom: row.restoredFrom,
      createdBy: row.createdBy,
      createdByName: row.createdByName,
      createdAt: toKstIso(row.createdAt),
    })),
  };
}

/** `GET /api/admin/content/{code}/versions/{version}`: one version, a draft's too, as the preview shows it. */
export async function adminVersion(deps: Deps, codeParam: string, version: number): Promise<AdminContentView> {
  const code = requireCode(codeParam);
  const now = deps.clock.now();
  const [row, current] = await Promise.all([repo.findVersion(deps.db, code, version), repo.findCurrent(deps.db, code, now)]);
  if (!row) throw notFound(contentMessages.versionNotFound);
  return toAdminView(code, row, now, current?.version ?? null);
}

const summary = (row: { version: number; effectiveFrom: Date | null; createdAt: Date; createdByName: string }) => ({
  version: row.version,
  effectiveFrom: iso(row.effectiveFrom),
  createdAt: toKstIso(row.createdAt),
  createdByName: row.createdByName,
});

/** `GET /api/admin/content`: every page with its current, newest and next scheduled version. */
export async function adminList(deps: Deps): Promise<AdminContentList> {
  const now = deps.clock.now();
  const content = await Promise.all(
    contentCodes.map(async (code) => {
      const [current, latest, scheduled] = await Promise.all([
        repo.findCurrent(deps.db, code, now),
        repo.findLatest(deps.db, code),
        repo.findNextScheduled(deps.db, code, now),
      ]);
      return {
        code,
        title: current?.title ?? latest?.title ?? '',
        bodyType: contentBodyTypes[code],
        path: contentPaths[code],
        announcesSchedule: isTermsContent(code),
        current: current ? summary(current) : null,
        latest: latest ? { ...summary(latest), status: statusOf(latest, now, current?.version ?? null) } : null,
        scheduled: scheduled ? summary(scheduled) : null,
      };
    }),
  );
  return { content };
}

interface NewVersionInput {
  title: string;
  body: ContentBody;
  note: string;
  effectiveFrom: Date | null;
  restoredFrom: number | null;
  /** The newest version the editor started from; undefined: whatever is newest (a restore without one). */
  baseVersion: number | undefined;
}

/**
 * Writes version `base + 1` and its access record in one transaction, then drops the content
 * answers on every instance. A base older than the newest version, or a concurrent save that took
 * the number first (the primary key), is a conflict: nothing is saved.
 */
async function writeVersion(
  deps: WriteDeps,
  actor: AccessActor,
  code: ContentCode,
  input: NewVersionInput,
  audit: { action: 'CONTENT_UPDATE' | 'CONTENT_RESTORE'; detail: Record<string, unknown> },
): Promise<AdminContentView> {
  const now = deps.clock.now();
  const body = sanitizeBody(input.body);
  const createdByName = (await memberName(deps.db, actor.userId)) ?? '';
  let row: repo.VersionRow;
  try {
    row = await withTransaction(deps.db, async (tx) => {
      const latest = (await repo.findLatest(tx, code))?.version ?? 0;
      const base = input.baseVersion ?? latest;
      if (base > latest) throw notFound(contentMessages.versionNotFound);
      if (base < latest) throw conflict(contentMessages.conflict);
      const inserted = await repo.insertVersion(tx, {
        code,
        version: base + 1,
        title: input.title,
        body,
        bodyText: bodyText(body),
        note: input.note,
        effectiveFrom: input.effectiveFrom,
        restoredFrom: input.restoredFrom,
        createdBy: actor.userId,
        createdByName,
        createdAt: now,
      });
      await recordAccess(tx, actor, now, {
        action: audit.action,
        subjectType: 'content',
        subject: `${code} v${inserted.version}`,
        detail: { code, version: inserted.version, title: input.title, note: input.note, ...audit.detail },
      });
      return inserted;
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw conflict(contentMessages.conflict);
    throw err;
  }
  await deps.boardCaching.changed([CONTENT_CACHE]);
  const current = await repo.findCurrent(deps.db, code, now);
  return toAdminView(code, row, now, current?.version ?? null);
}

/** `PUT /api/admin/content/{code}`: a new version, published now, kept as a draft, or scheduled. */
export async function saveContent(
  deps: WriteDeps,
  actor: AccessActor,
  codeParam: string,
  input: z.output<typeof contentSaveRequest>,
): Promise<AdminContentView> {
  const code = requireCode(codeParam);
  checkBody(code, input.body);
  const now = deps.clock.now();
  let effectiveFrom: Date | null;
  if (input.publish === 'now') effectiveFrom = now;
  else if (input.publish === 'draft') effectiveFrom = null;
  else {
    effectiveFrom = new Date(input.publish);
    if (effectiveFrom.getTime() <= now.getTime()) throw badRequest(contentMessages.scheduleInPast, { field: 'publish' });
  }
  const publish = input.publish === 'now' || input.publish === 'draft' ? input.publish : 'scheduled';
  return writeVersion(
    deps,
    actor,
    code,
    { title: input.title, body: input.body, note: input.note, effectiveFrom, restoredFrom: null, baseVersion: input.baseVersion },
    { action: 'CONTENT_UPDATE', detail: { publish, effectiveFrom: iso(effectiveFrom) } },
  );
}

/** `POST /api/admin/content/{code}/versions/{version}/restore`: that version's title and body again, published now. */
export async function restoreContent(
  deps: WriteDeps,
  actor: AccessActor,
  codeParam: string,
  version: number,
  input: z.output<typeof contentRestoreRequest>,
): Promise<AdminContentView> {
  const code = requireCode(codeParam);
  const old = await repo.findVersion(deps.db, code, version);
  if (!old) throw notFound(contentMessages.versionNotFound);
  const now = deps.clock.now();
  return writeVersion(
    deps,
    actor,
    code,
    {
      title: old.title,
      body: old.body as ContentBody,
      note: input?.note || contentMessages.restoredNote(version),
      effectiveFrom: now,
      restoredFrom: version,
      baseVersion: input?.baseVersion,
    },
    { action: 'CONTENT_RESTORE', detail: { publish: 'now', effectiveFrom: iso(now), restoredFrom: version } },
  );
}
