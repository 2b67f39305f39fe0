import { periodDays, statsIntervals, statsMaxDays, type StatsInterval } from '@contract/visit-stats';
import { koreaDate } from '@web/lib/korea-time';

const DAY_MS = 86_400_000;

/** Today in Korea, YYYY-MM-DD. */
export const kstToday = (now: Date = new Date()) => koreaDate(now.getTime());

/** The `days` days ending `to` (both included). */
export function lastDays(days: number, to: string): { from: string; to: string } {
  return { from: new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10), to };
}

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * The screen's period and interval from its address (`?from&to&interval`), so a view can be
 * bookmarked and Back works: the last 30 days by day when absent or not readable, and a period too
 * long for its interval shortened to its last allowed days.
 */
export function periodOf(params: URLSearchParams, today: string): { from: string; to: string; interval: StatsInterval } {
  const given = params.get('interval');
  const interval: StatsInterval = (statsIntervals as readonly string[]).includes(given ?? '') ? (given as StatsInterval) : 'day';
  const from = params.get('from');
  const to = params.get('to');
  if (!isDay(from) || !isDay(to) || from > to) return { ...lastDays(interval === 'hour' ? 7 : 30, today), interval };
  if (periodDays(from, to) > statsMaxDays[interval]) return { ...lastDays(statsMaxDays[interval], to), interval };
  return { from, to, interval };
}

/** The change from `before` to `now` in words: "+12.5%", "-3%", "신규" (from nothing), "변동 없음". */
export function changeOf(now: number, before: number): string {
  if (now === before) return '변동 없음';
  if (before === 0) return '신규';
  const percent = ((now - before) / before) * 100;
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded.toLocaleString('ko-KR')}%`;
}

/** A point's label on a chart and in a table: "12-01" for a day, "12-01 14시" for an hour. */
export const pointLabel = (at: string) => (at.length > 10 ? `${at.slice(5, 10)} ${at.slice(11, 13)}시` : at.slice(5));
