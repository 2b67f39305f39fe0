/**
 * The site's time is Korea's, whatever the browser's zone. Korea keeps one offset all year (no
 * daylight saving), so its wall clock is UTC + 9 hours: a Date moved by the offset reads it in its
 * UTC fields. The one copy of the offset in the web app (the server's is server/lib/time.ts).
 */
export const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The instant `ms` as a Date whose UTC fields are Korea's calendar and clock. */
export function koreaClock(ms: number): Date {
  return new Date(ms + KOREA_OFFSET_MS);
}

/** The Korean calendar date of the instant, YYYY-MM-DD. */
export function koreaDate(ms: number): string {
  return koreaClock(ms).toISOString().slice(0, 10);
}

/** The instant as a `datetime-local` value in Korea time, YYYY-MM-DDTHH:mm. */
export function koreaLocalMinute(ms: number): string {
  return koreaClock(ms).toISOString().slice(0, 16);
}
