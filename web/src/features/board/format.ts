/**
 * Pure display helpers for boards: dates in Korea Standard Time, file sizes and the "새 글" rule.
 * The API sends ISO 8601 with an offset (2026-11-22T14:03:00+09:00); whatever the offset, dates are
 * shown as the Korean calendar date and clock, never in the browser's own time zone.
 */

import { koreaClock } from '@web/lib/korea-time';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a post counts as new (spec: created within the last 3 days). */
export const NEW_ITEM_DAYS = 3;

interface KstParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function kstParts(iso: string): KstParts | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const kst = koreaClock(time);
  return {
    year: String(kst.getUTCFullYear()),
    month: pad(kst.getUTCMonth() + 1),
    day: pad(kst.getUTCDate()),
    hour: pad(kst.getUTCHours()),
    minute: pad(kst.getUTCMinutes()),
  };
}

/** "2026.11.22"; an unreadable value comes back as it was rather than "NaN". */
export function formatDate(iso: string): string {
  const p = kstParts(iso);
  return p ? `${p.year}.${p.month}.${p.day}` : iso;
}

/** "2026.11.22 14:03" */
export function formatDateTime(iso: string): string {
  const p = kstParts(iso);
  return p ? `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}` : iso;
}

/** File sizes are said the same way by the post editor (web/src/ui/editor) and the board. */
export { formatFileSize } from '@web/lib/file-size';

/** A post created less than NEW_ITEM_DAYS ago (a date slightly in the future, from clock skew, counts too). */
export function isNew(createdIso: string, now: Date = new Date()): boolean {
  const created = Date.parse(createdIso);
  if (Number.isNaN(created)) return false;
  return now.getTime() - created < NEW_ITEM_DAYS * DAY_MS;
}

/** The year a report is for: "2025년 ..." in its title, else the year it was posted (in Korea). */
export function reportYear(boardItem: { title: string; createdDate: string }): string {
  const fromTitle = /(?:^|\D)((?:19|20)\d{2})\s*년/.exec(boardItem.title);
  if (fromTitle) return `${fromTitle[1]}년`;
  const p = kstParts(boardItem.createdDate);
  return p ? `${p.year}년` : '';
}
