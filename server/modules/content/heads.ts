import { contentCodes, contentPaths, type ContentCode } from '@contract';
import type { AppDeps } from '../../deps';
import * as repo from './repo';

/** What a content screen's server-written head needs: its current version's title, text and date. */
export interface ContentHead {
  code: ContentCode;
  title: string;
  /** The body as a reader sees it (the head's description is its start). */
  text: string;
  effectiveFrom: Date;
}

/** The page whose screen is at `path` (contract/paths.ts, compared as `key` compares), if any. */
export function contentCodeAt(pathKey: string, key: (path: string) => string): ContentCode | null {
  return contentCodes.find((code) => key(contentPaths[code]) === pathKey) ?? null;
}

/** The current version's head of a page; null when none is published (one walk of the published index). */
export async function contentHead(deps: Pick<AppDeps, 'db' | 'clock'>, code: ContentCode): Promise<ContentHead | null> {
  const row = await repo.findCurrentHead(deps.db, code, deps.clock.now());
  return row ? { code, title: row.title, text: row.bodyText, effectiveFrom: row.effectiveFrom! } : null;
}

/** `sitemap.xml`'s lastmod of every page: its current version's effective date, by screen path. */
export async function contentLastModified(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<Map<string, Date>> {
  const now = deps.clock.now();
  const heads = await Promise.all(contentCodes.map((code) => repo.findCurrentHead(deps.db, code, now)));
  const out = new Map<string, Date>();
  contentCodes.forEach((code, i) => {
    const at = heads[i]?.effectiveFrom;
    if (at) out.set(contentPaths[code], at);
  });
  return out;
}

/** Every page's current title and text, as the public reads them (the site search); unpublished pages are absent. */
export async function currentContentTexts(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<ContentHead[]> {
  const rows = await repo.currentTextsQuery(deps.db, deps.clock.now());
  return rows.flatMap((row) =>
    (contentCodes as readonly string[]).includes(row.code)
      ? [{ code: row.code as ContentCode, title: row.title, text: row.bodyText, effectiveFrom: row.effectiveFrom! }]
      : [],
  );
}

/** When the content pages next change by themselves (a scheduled version taking effect), or null: what keeps an answer built on them. */
export function nextContentChange(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<Date | null> {
  return repo.nextBoundary(deps.db, deps.clock.now());
}
