import type { ContentVersionStatus } from '@contract';
import { koreaLocalMinute } from '@web/lib/korea-time';

/**
 * How a save is published (issue 22): now, as a draft, or at a chosen Korean date and time. The
 * datetime-local input has no time zone; the staff mean Korea's, whatever the browser's is, so
 * its value is sent with +09:00.
 */
export type PublishChoice = 'now' | 'draft' | 'schedule';

export const publishLabels: Record<PublishChoice, string> = { now: '즉시 게시', draft: '임시 저장', schedule: '예약 게시' };

export const versionStatusLabels: Record<ContentVersionStatus, string> = { draft: '임시저장', scheduled: '예약', current: '게시중', past: '이전' };

const localFormat = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "2027-01-01T09:00" (a datetime-local value, Korea time) as "2027-01-01T09:00:00+09:00"; null when not one. */
export function koreaLocalToIso(local: string): string | null {
  const match = localFormat.exec(local.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '00'] = match;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}+09:00`;
}

/** A moment as a datetime-local value in Korea time ("2027-01-01T09:00"), e.g. the input's `min`. */
export function koreaLocalOf(moment: Date): string {
  return koreaLocalMinute(moment.getTime());
}

/** A stored date-time as the console shows it, in Korea time: "2027.01.01 09:00". */
export function formatKoreaDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return koreaLocalOf(new Date(time)).replace(/-/g, '.').replace('T', ' ');
}

/** The `publish` field of the save: "now", "draft" or the schedule's ISO date-time (null when it is not one). */
export function publishValue(choice: PublishChoice, scheduleAt: string): string | null {
  return choice === 'schedule' ? koreaLocalToIso(scheduleAt) : choice;
}
