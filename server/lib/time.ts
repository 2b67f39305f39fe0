const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** ISO 8601 in Korea Standard Time with its offset, e.g. 2026-11-22T14:03:00+09:00. */
export function toKstIso(date: Date): string {
  const shifted = new Date(date.getTime() + KST_OFFSET_MS);
  return `${shifted.toISOString().slice(0, 19)}+09:00`;
}

/** The calendar date in Korea (YYYY-MM-DD), used for once-a-day view counting. */
export function kstDate(date: Date): string {
  return new Date(date.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The hour of the day in Korea (0-23): visitor statistics count by it. */
export function kstHour(date: Date): number {
  return new Date(date.getTime() + KST_OFFSET_MS).getUTCHours();
}
