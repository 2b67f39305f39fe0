import { z } from 'zod';
import { checkMenu, endpointSchemas, menuMessages, type Menu, type MenuInputEntry } from '@contract';
import type { AppDeps } from '../../deps';
import { ApiError, badRequest, conflict } from '../../errors';
import { withTransaction } from '@server/db/transaction';
import { recordAccess, type AccessActor } from '@server/modules/access-record';
import { BOARD_MENU_CACHE, listBoardsForMenu, type CachedAnswer } from '@server/modules/board';
import { headerMenuSeed } from './seed';
import { findMenuRow, HEADER_MENU, insertMenuIfMissing, replaceMenu } from './repo';
import { describeChange, publicMenu, toStored } from './tree';

type Deps = Pick<AppDeps, 'db' | 'boardCaching' | 'clock'>;

/**
 * The header menu (issue 22, docs/decisions/0027-menu-as-data.md). Its answer depends on the menu
 * and on the boards, so it is cached under the board menu's name (BOARD_MENU_CACHE): the console's
 * board changes already drop that name on every instance, and a menu save drops it the same way.
 */

const menuEnvelope = endpointSchemas['menu.get'].response[200];

/** The menu as `GET /api/menu` answers it, read now. A site without the row yet gets the seed (revision 0). */
export async function readMenu(db: Deps['db']): Promise<Menu> {
  const [row, boards] = await Promise.all([findMenuRow(db, HEADER_MENU), listBoardsForMenu(db)]);
  return publicMenu(row?.revision ?? 0, row?.items ?? headerMenuSeed, boards);
}

/** `GET /api/menu`: the same answer for everyone, from the guest cache while nothing changed. */
export function menuAnswer(deps: Deps): Promise<CachedAnswer> {
  return deps.boardCaching.cache.answer('header-menu', BOARD_MENU_CACHE, async () => {
    const data = await readMenu(deps.db);
    return { body: JSON.stringify(z.encode(menuEnvelope, { code: 'SUCCESS', data })), keep: true };
  });
}

/**
 * `PUT /api/admin/menu`: the whole menu, checked (contract checkMenu, and every board code against
 * the boards), saved over the revision the editor read or refused (409), with its MENU_UPDATE
 * access record in the same transaction; then every instance drops the cached answer.
 */
export async function saveMenu(deps: Deps, actor: AccessActor, input: z.output<typeof endpointSchemas['adminMenu.update']['body']>): Promise<Menu> {
  const now = deps.clock.now();
  try {
    await withTransaction(deps.db, async (tx) => {
      const current = await findMenuRow(tx, HEADER_MENU, { forUpdate: true });
      if ((current?.revision ?? 0) !== input.revision) throw conflict(menuMessages.conflict, { field: 'revision' });
      const boards = new Set((await listBoardsForMenu(tx)).map((b) => b.boardCode.toLowerCase()));
      // The schema allows no fourth level (its third level's children are an empty array).
      const entries = input.items as MenuInputEntry[];
      const problem = checkMenu(entries, (code) => boards.has(code.toLowerCase()));
      if (problem) throw badRequest(problem.message, { field: problem.field });
      const items = toStored(entries);
      let revision: number | null;
      if (current) revision = await replaceMenu(tx, HEADER_MENU, current.revision, items, actor.userId, now);
      else revision = (await insertMenuIfMissing(tx, HEADER_MENU, items)) ? 1 : null;
      if (revision === null) throw conflict(menuMessages.conflict, { field: 'revision' });
      await recordAccess(tx, actor, now, {
        action: 'MENU_UPDATE',
        subjectType: 'menu',
        subject: '헤더 메뉴',
        detail: { revision, ...describeChange(current?.items ?? headerMenuSeed, items) },
      });
    });
  } catch (err) {
    // A refusal changed nothing; anything else may have committed before it failed.
    if (!(err instanceof ApiError)) await deps.boardCaching.changed([BOARD_MENU_CACHE]);
    throw err;
  }
  await deps.boardCaching.changed([BOARD_MENU_CACHE]);
  return readMenu(deps.db);
}

/** The start-up (server/seed): the spec's menu when there is none yet; true when it wrote it. */
export function seedHeaderMenu(db: Deps['db']): Promise<boolean> {
  return insertMenuIfMissing(db, HEADER_MENU, headerMenuSeed);
}
