import { sql } from 'drizzle-orm';
import {
  adminBoardMessages as m, boardActions, boardCodePattern,
  type AdminBoard, type AdminBoardCreate, type AdminBoardList, type AdminBoardPatch, type BoardPermissionRoles,
} from '@contract';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { uniqueViolation } from '../../lib/pg-errors';
import { toKstIso } from '../../lib/time';
import { messages } from '@contract';
import { findBoardRecord, insertBoardRecord, listBoardRecords, updateBoardRecord, type BoardRecord } from '@server/modules/board';
import { listRoles, unknownRoleCodes } from '@server/modules/admin-role';
import { withTransaction } from '@server/db/transaction';

export function toAdminBoard(row: BoardRecord): AdminBoard {
  return {
    boardCode: row.boardCode,
    name: row.name,
    area: row.area,
    listStyle: row.listStyle,
    description: row.description,
    pageSize: row.pageSize,
    categories: row.categories,
    allowAttachments: row.allowAttachments,
    maxFiles: row.maxFiles,
    maxFileSize: row.maxFileSize,
    maxImageSize: row.maxImageSize,
    useComments: row.useComments,
    permissions: row.permissions,
    sortOrder: row.sortOrder,
    itemCount: row.itemCount,
    createdDate: toKstIso(row.createdAt),
  };
}

/** Categories as the board keeps them: named, once each, in the order given. */
function checkCategories(categories: string[]): string[] {
  if (categories.some((c) => c === '')) throw badRequest(m.categoryBlank, { field: 'categories' });
  if (new Set(categories).size !== categories.length) throw badRequest(m.categoryDuplicate, { field: 'categories' });
  return categories;
}

/** Each action's roles, once each; every code must be a role that exists. */
async function checkPermissions(db: Db, permissions: BoardPermissionRoles): Promise<BoardPermissionRoles> {
  const clean = Object.fromEntries(boardActions.map((action) => [action, [...new Set(permissions[action])]])) as BoardPermissionRoles;
  const unknown = await unknownRoleCodes(db, boardActions.flatMap((action) => clean[action]));
  if (unknown.length > 0) throw badRequest(m.unknownRoles(unknown), { field: 'permissions' });
  return clean;
}

/** `PUT /api/admin/boards`: a new board, at once in its area's menu and routes. */
export async function createBoard(db: Db, input: AdminBoardCreate, now: Date): Promise<AdminBoard> {
  if (!boardCodePattern.test(input.boardCode)) throw badRequest(m.codeFormat, { field: 'boardCode' });
  if (input.name === '') throw badRequest(m.nameRequired, { field: 'name' });
  const categories = checkCategories(input.categories);
  const permissions = await checkPermissions(db, input.permissions);
  try {
    await withTransaction(db, async (tx) => {
      // Codes match case-insensitively in the routes, so Notice would shadow notice; the unique
      // index is case-sensitive, so creations take turns to check.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('board-create', 0))`);
      if (await findBoardRecord(tx, input.boardCode)) throw conflict(m.codeTaken, { field: 'boardCode' });
      await insertBoardRecord(tx, { ...input, categories, permissions, createdAt: now });
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) throw conflict(m.codeTaken, { field: 'boardCode' });
    throw err;
  }
  return toAdminBoard((await findBoardRecord(db, input.boardCode))!);
}

/** `PATCH /api/admin/boards/{boardCode}`: the fields given, checked, in one transaction. */
export async function updateBoard(db: Db, boardCode: string, patch: AdminBoardPatch): Promise<AdminBoard> {
  if (Object.values(patch).every((v) => v === undefined)) throw badRequest(m.nothingToChange);
  if (patch.name !== undefined && patch.name === '') throw badRequest(m.nameRequired, { field: 'name' });
  const categories = patch.categories !== undefined ? checkCategories(patch.categories) : undefined;
  const code = await withTransaction(db, async (tx) => {
    const current = await findBoardRecord(tx, boardCode, { forUpdate: true });
    if (!current) throw notFound(messages.boardNotFound);
    // An inquiry board's posts are private because of its style, and the console's queue reads it:
    // a board does not turn into or out of one.
    if (patch.listStyle !== undefined && (patch.listStyle === 'inquiry') !== (current.listStyle === 'inquiry')) {
      throw badRequest(m.inquiryStyleFixed, { field: 'listStyle' });
    }
    const permissions = patch.permissions !== undefined ? await checkPermissions(tx, patch.permissions) : undefined;
    await updateBoardRecord(tx, current.boardCode, {
      ...patch,
      ...(categories !== undefined ? { categories } : {}),
      ...(permissions !== undefined ? { permissions } : {}),
    });
    return current.boardCode;
  });
  return toAdminBoard((await findBoardRecord(db, code))!);
}

export async function listBoards(db: Db): Promise<AdminBoardList> {
  const [boards, roles] = await Promise.all([listBoardRecords(db), listRoles(db).then((rows) => rows.map(({ roleCode, name }) => ({ roleCode, name })))]);
  return { content: boards.map(toAdminBoard), roles };
}

export async function getBoard(db: Db, boardCode: string): Promise<AdminBoard> {
  const row = await findBoardRecord(db, boardCode);
  if (!row) throw notFound(messages.boardNotFound);
  return toAdminBoard(row);
}
