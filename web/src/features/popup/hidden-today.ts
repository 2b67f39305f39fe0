/**
 * "오늘 하루 보지 않기" (issue 22): the pop-ups a visitor hid, each until the end of that day in
 * Korea, kept in this browser (localStorage `nids.popupHidden`, named in the privacy policy's
 * 제9조): `{ "<id>": <until, ms> }`. Entries past their day are dropped when it is next written.
 */
import { KOREA_OFFSET_MS } from '@web/lib/korea-time';

export const HIDDEN_STORAGE_KEY = 'nids.popupHidden';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first moment of the next day in Korea (UTC+9, no daylight saving), in milliseconds. */
export function endOfKoreanDay(now: number): number {
  return Math.floor((now + KOREA_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - KOREA_OFFSET_MS;
}

type Hidden = Record<string, number>;

function read(storage: Pick<Storage, 'getItem'>): Hidden {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(HIDDEN_STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'));
  } catch {
    // Storage off (private mode, a policy) or garbled: nothing is hidden.
    return {};
  }
}

/** The ids hidden at `now`. */
export function hiddenIds(now: number, storage: Pick<Storage, 'getItem'> = window.localStorage): Set<number> {
  return new Set(Object.entries(read(storage)).filter(([, until]) => until > now).map(([id]) => Number(id)));
}

/** Hides `id` until the end of today in Korea; the storage item goes when nothing is hidden any more. */
export function hideToday(id: number, now: number, storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = window.localStorage): void {
  try {
    const kept = Object.fromEntries(Object.entries(read(storage)).filter(([, until]) => until > now));
    kept[String(id)] = endOfKoreanDay(now);
    storage.setItem(HIDDEN_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Not remembered, but closed for this page.
  }
}
