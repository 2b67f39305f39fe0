import { DAY_MS } from './clock';

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** ISO 8601 in Korea Standard Time with its offset, e.g. 2026-11-22T14:03:00+09:00. */
export function toKstIso(date: Date): string {
  const shifted = new Date(date.getTime() + KST_OFFSET_MS);
  return `${shifted.toISOString().slice(0, 19)}+09:00`;
}

/** The day kstDate gave last, as [start, end) in ms: asked per view and visit, it is nearly always today. */
let lastDay = { start: 0, end: 0, text: '' };

/** The calendar date in Korea (YYYY-MM-DD), used for once-a-day view counting. */
export function kstDate(date: Date): string {
  const ms = date.getTime();
  // Korea keeps no daylight saving: each of its days is 24 hours from its midnight. (NaN fails both.)
  if (ms >= lastDay.start && ms < lastDay.end) return lastDay.text;
  const shifted = ms + KST_OFFSET_MS;
  const text = new Date(shifted).toISOString().slice(0, 10);
  const start = Math.floor(shifted / DAY_MS) * DAY_MS - KST_OFFSET_MS;
  lastDay = { start, end: start + DAY_MS, text };
  return text;
}

/** The hour of the day in Korea (0-23): visitor statistics count by it. */
export function kstHour(date: Date): number {
  return new Date(date.getTime() + KST_OFFSET_MS).getUTCHours();
}
