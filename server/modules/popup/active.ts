import { z } from 'zod';
import { endpointSchemas, type PopupActiveList, type PopupScreen } from '@contract';
import type { CachedAnswer } from '@server/modules/board';
import type { AppDeps } from '../../deps';
import { toNotice } from './answers';
import { listCurrent } from './repo';
import { nextChange, shownOn, stateAt } from './schedule';

type Deps = Pick<AppDeps, 'db' | 'boardCaching' | 'clock'>;

/**
 * The pop-ups' name in the guest cache (server/modules/board/cache.ts): not a board code (codes are
 * letters and digits). The console's writes invalidate it here and, by NOTIFY, on every instance.
 */
export const POPUP_CACHE = '*popup';

const activeEnvelope = endpointSchemas['popup.active'].response[200];

/** The active pop-ups of `screen` at `now`, read from the database, and when that answer changes. */
export async function readActive(deps: Pick<Deps, 'db'>, screen: PopupScreen, now: Date): Promise<{ list: PopupActiveList; changesAt: number | null }> {
  const rows = await listCurrent(deps.db, now);
  const shown = rows
    .filter((row) => stateAt(row, now) === 'active' && shownOn(row.screen, screen))
    // The latest start first; the index gave them by end.
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b.id - a.id);
  return { list: { content: shown.map(toNotice) }, changesAt: nextChange(rows, now) };
}

/**
 * `GET /api/popup?screen=`: the same for every caller, so everyone reads the cached answer (as the
 * board menu). The first-load data (modules/seo/first-data.ts) puts the same answer in the page.
 */
export function activePopupsAnswer(deps: Deps, screen: PopupScreen): Promise<CachedAnswer> {
  // Kept until the next start or end among them (schedule.ts nextChange): the cache reads again
  // from that moment by the clock alone, on every instance (FreshAnswer.expiresAt).
  return deps.boardCaching.cache.answer(`popup ${screen}`, POPUP_CACHE, async () => {
    const { list, changesAt } = await readActive(deps, screen, deps.clock.now());
    return { body: JSON.stringify(z.encode(activeEnvelope, { code: 'SUCCESS', data: list })), keep: true, expiresAt: changesAt ?? undefined };
  });
}
