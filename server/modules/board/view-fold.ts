import type { FastifyInstance } from 'fastify';
import { scheduleAcrossInstances, type BackgroundSchedule } from '@server/modules/background';
import type { Db } from '../../db/client';
import { FOLD_BATCH, foldViewTallies } from './repo';

export const VIEW_FOLD_JOB = 'view-fold';
/** The first try after start: a restart is not a reason to fold at once. */
const FIRST_FOLD_DELAY_MS = 60_000;

/**
 * Moves every view tally into its post's view_count, FOLD_BATCH posts per statement (a short
 * transaction each, whatever piled up), then invalidates the boards whose posts moved: their
 * shown counts are the same, but a list sorted by views may now order them differently.
 */
export async function foldViews(
  db: Db,
  changed: (boards: string[]) => Promise<void>,
  batch = FOLD_BATCH,
): Promise<{ folded: number; boards: number }> {
  let folded = 0;
  const boards = new Set<string>();
  for (;;) {
    const moved = await foldViewTallies(db, batch);
    folded += moved.folded;
    for (const code of moved.boards) boards.add(code);
    if (moved.folded < batch) break;
  }
  if (boards.size > 0) await changed([...boards]);
  return { folded, boards: boards.size };
}

/**
 * The fold every VIEW_FOLD_MINUTES, once across instances (background/schedule.ts). Folding is
 * what rewrites a post's row for its views: once per post and interval instead of once per flush.
 * Call before `listen`, then `start()` once the app listens.
 */
export function viewFoldSchedule(app: FastifyInstance): BackgroundSchedule<{ folded: number; boards: number }> {
  return scheduleAcrossInstances(app, {
    job: VIEW_FOLD_JOB,
    intervalMs: app.deps.config.viewFoldMs,
    firstDelayMs: FIRST_FOLD_DELAY_MS,
    work: () => foldViews(app.deps.db, (boards) => app.deps.boardCaching.changed(boards)),
  });
}
