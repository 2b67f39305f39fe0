import { contentCodes, contentMessages, type ContentBody, type ContentCode } from '@contract';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import { bodyText, sanitizeBody } from './body';
import * as repo from './repo';

/** The advisory lock of the content seed (the first seed uses 7_342_003, the migrations 7_342_001). */
const CONTENT_SEED_LOCK = 7_342_004;

/**
 * When the seeded text took effect: the date today's terms documents state (시행일자 2026년 11월
 * 1일, web/src/features/terms), so their public history starts where their text says it does, and a
 * fresh site and an upgraded one show the same dates.
 */
export const INITIAL_EFFECTIVE_FROM = new Date('2026-11-01T00:00:00+09:00');

export type InitialContent = Record<ContentCode, { title: string; body: ContentBody }>;

/**
 * On every start (issue 22): each page without any version gets version 1 from today's text, so
 * a new site and an existing one after upgrading both have every page, and nothing else is
 * touched. Instances starting together take turns under an advisory lock; the second finds the
 * pages written. Returns the codes seeded.
 */
export async function seedMissingContent(db: Db, initial: InitialContent): Promise<ContentCode[]> {
  const missing = (have: Set<string>) => contentCodes.filter((code) => !have.has(code));
  if (missing(await repo.codesWithVersions(db)).length === 0) return [];
  return withTransaction(db, async (tx) => {
    await repo.lockForSeed(tx, CONTENT_SEED_LOCK);
    const codes = missing(await repo.codesWithVersions(tx));
    for (const code of codes) {
      const body = sanitizeBody(initial[code].body);
      await repo.insertVersion(tx, {
        code,
        version: 1,
        title: initial[code].title,
        body,
        bodyText: bodyText(body),
        note: contentMessages.initialNote,
        effectiveFrom: INITIAL_EFFECTIVE_FROM,
        restoredFrom: null,
        createdBy: null,
        createdByName: '',
        createdAt: new Date(),
      });
    }
    return codes;
  });
}
