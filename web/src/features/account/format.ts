/** Pure display helpers of the account screens. */

import { koreaClock } from '@web/lib/korea-time';

const pad = (n: number) => String(n).padStart(2, '0');

/** A join date as the Korean calendar date, "2026.11.22", whatever the offset it came with. */
export function formatJoinDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const kst = koreaClock(time);
  return `${kst.getUTCFullYear()}.${pad(kst.getUTCMonth() + 1)}.${pad(kst.getUTCDate())}`;
}

/** A pincode's remaining validity, "4:59"; never negative. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/** The same in words for screen readers, "4분 59초". */
export function spokenRemaining(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  if (minutes === 0) return `${rest}초`;
  return rest === 0 ? `${minutes}분` : `${minutes}분 ${rest}초`;
}
