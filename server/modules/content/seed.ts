import { contentCodes, contentMessages, type ContentBody, type ContentCode } from '@contract';
import type { Db } from '../../db/client';
import { bodyText, sanitizeBody } from './body';
import * as repo from './repo';

/**
 * When the seeded text took effect: the date today's terms documents state (시행일자 2026년 11월
 * 1일, web/src/features/terms), so their public history starts where their text says it does, and a
 * fresh site and an upgraded one show the same dates.
 */
export const INITIAL_EFFECTIVE_FROM = new Date('2026-11-01T00:00:00+09:00');

export type InitialContent = Record<ContentCode, { title: string; body: ContentBody }>;

/**
 * On every start (issue 22, server/seed's "what is missing", in its transaction under its lock):
 * each page without any version gets version 1 from today's text, so a new site and an existing
 * one after upgrading both have every page, and nothing else is touched. Returns the codes seeded.
 */
export async function seedMissingContent(tx: Db, initial: InitialContent): Promise<ContentCode[]> {
  const have = await repo.codesWithVersions(tx);
  const codes = contentCodes.filter((code) => !have.has(code));
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
}
