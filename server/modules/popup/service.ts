import type { z } from 'zod';
import { popupMessages as m, type AdminPopup, type AdminPopupList, type popupCreateRequest, type popupPatchRequest } from '@contract';
import { requireAdmin, requirePermission } from '../../auth/admin';
import type { Caller } from '../../auth/caller';
import { withTransaction } from '@server/db/transaction';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { recordAccess, type AccessActor } from '@server/modules/access-record';
import { sanitizeContent } from '@server/modules/board';
import { claimPopupImage, deleteFiles } from '@server/modules/file';
import { toAdminPopup } from './answers';
import * as repo from './repo';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'files'>;
type CreateRequest = z.output<typeof popupCreateRequest>;
type PatchRequest = z.output<typeof popupPatchRequest>;

/** Who is changing pop-ups: staff with CONTENT_Manage (the route's rule checks it first), and from where. */
export function contentManager(caller: Caller, address: string): AccessActor {
  requireAdmin(caller);
  requirePermission(caller, 'CONTENT_Manage');
  return { userId: caller.userId, address };
}

const subjectOf = (row: { id: number; title: string }) => `#${row.id} ${row.title}`;
const periodOf = (v: repo.PopupValues) => ({ startsAt: v.startsAt.toISOString(), endsAt: v.endsAt.toISOString(), screen: v.screen });

/** A new image for a pop-up: the caller's own loose upload, taken in the pop-up's transaction. */
async function takeImage(tx: Db, imageFileId: string, actor: AccessActor): Promise<void> {
  if (!(await claimPopupImage(tx, imageFileId, actor.userId))) throw badRequest(m.imageNotFound, { field: 'imageFileId' });
}

/** Removes stored bytes after the commit that removed their rows; a failure leaves an orphan, never a broken pop-up. */
function removeStored(deps: Pick<Deps, 'files'>, names: string[]): void {
  for (const name of names) void deps.files.remove(name).catch(() => undefined);
}

/** `GET /api/admin/popup`: every pop-up, ended ones too, each with its state by the clock. */
export async function list(deps: Deps): Promise<AdminPopupList> {
  const now = deps.clock.now();
  return { content: (await repo.listAll(deps.db)).map((row) => toAdminPopup(row, now)) };
}

/** `PUT /api/admin/popup`: the body sanitised as a post's, the image taken, the change recorded, all in one transaction. */
export async function create(deps: Deps, actor: AccessActor, request: CreateRequest): Promise<AdminPopup> {
  const now = deps.clock.now();
  const values: repo.PopupValues = {
    title: request.title,
    body: sanitizeContent(request.body),
    imageFileId: request.imageFileId ?? null,
    // A text alternative describes the image: without one, none is kept (contract/popup.ts).
    imageAlt: request.imageFileId ? (request.imageAlt ?? null) : null,
    linkUrl: request.linkUrl ?? null,
    startsAt: new Date(request.startsAt),
    endsAt: new Date(request.endsAt),
    screen: request.screen,
  };
  const row = await withTransaction(deps.db, async (tx) => {
    if (values.imageFileId) await takeImage(tx, values.imageFileId, actor);
    const created = await repo.insert(tx, values, actor.userId, now);
    await recordAccess(tx, actor, now, { action: 'POPUP_CREATE', subjectType: 'popup', subject: subjectOf(created), detail: periodOf(values) });
    return created;
  });
  return toAdminPopup(row, now);
}

/** `PATCH /api/admin/popup/{id}`: the fields given change; an end before the (new or kept) start is refused. */
export async function update(deps: Deps, actor: AccessActor, id: number, patch: PatchRequest): Promise<AdminPopup> {
  const now = deps.clock.now();
  const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<PatchRequest>;
  if (Object.keys(given).length === 0) throw badRequest(m.nothingToChange);
  const removed: string[] = [];
  const row = await withTransaction(deps.db, async (tx) => {
    const current = await repo.findById(tx, id, true);
    if (!current) throw notFound(m.notFound);
    const imageFileId = given.imageFileId !== undefined ? given.imageFileId : current.imageFileId;
    // The image's text alternative goes with the image; the change record names it as any field.
    const next: repo.PopupValues = {
      title: given.title ?? current.title,
      body: given.body !== undefined ? sanitizeContent(given.body) : current.body,
      imageFileId,
      imageAlt: imageFileId ? (given.imageAlt !== undefined ? given.imageAlt : current.imageAlt) : null,
      linkUrl: given.linkUrl !== undefined ? given.linkUrl : current.linkUrl,
      startsAt: given.startsAt ? new Date(given.startsAt) : current.startsAt,
      endsAt: given.endsAt ? new Date(given.endsAt) : current.endsAt,
      screen: given.screen ?? current.screen,
    };
    if (next.endsAt.getTime() <= next.startsAt.getTime()) throw badRequest(m.endBeforeStart, { field: given.endsAt ? 'endsAt' : 'startsAt' });
    if (next.imageFileId !== current.imageFileId) {
      if (next.imageFileId) await takeImage(tx, next.imageFileId, actor);
      if (current.imageFileId) removed.push(...(await deleteFiles(tx, [current.imageFileId])));
    }
    const changed = (Object.keys(next) as (keyof repo.PopupValues)[]).filter((k) => String(next[k]) !== String(current[k]));
    const saved = changed.length > 0 ? await repo.update(tx, id, next, now) : current;
    await recordAccess(tx, actor, now, { action: 'POPUP_UPDATE', subjectType: 'popup', subject: subjectOf(saved), detail: { fields: changed, ...periodOf(next) } });
    return saved;
  });
  removeStored(deps, removed);
  return toAdminPopup(row, now);
}

/** `DELETE /api/admin/popup/{id}`: the pop-up and its image go, recorded. */
export async function remove(deps: Deps, actor: AccessActor, id: number): Promise<void> {
  const now = deps.clock.now();
  const removed = await withTransaction(deps.db, async (tx) => {
    const current = await repo.findById(tx, id, true);
    if (!current) throw notFound(m.notFound);
    await repo.remove(tx, id);
    const names = current.imageFileId ? await deleteFiles(tx, [current.imageFileId]) : [];
    await recordAccess(tx, actor, now, { action: 'POPUP_DELETE', subjectType: 'popup', subject: subjectOf(current), detail: periodOf(current) });
    return names;
  });
  removeStored(deps, removed);
}
