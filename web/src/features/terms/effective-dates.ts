import type { ContentVersionData } from '@contract/content-values';
import { KOREA_OFFSET_MS } from '@web/lib/korea-time';

/** `2026-10-31T15:00:00Z` → "2026년 11월 1일": the date in Korea, without zero padding. */
export function koreanDate(iso: string): string {
  const date = new Date(Date.parse(iso) + KOREA_OFFSET_MS);
  return `${date.getUTCFullYear()}년 ${date.getUTCMonth() + 1}월 ${date.getUTCDate()}일`;
}

/** `2026-10-31T15:00:00Z` → "2026-11-01", the date in Korea for <time dateTime>. */
export function koreanIsoDate(iso: string): string {
  return new Date(Date.parse(iso) + KOREA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The last day a version applied: the day before the next took effect when that was at midnight
 * in Korea (the usual case), else that day itself.
 */
export function lastDay(effectiveTo: string): string {
  return koreanDate(new Date(Date.parse(effectiveTo) - 1).toISOString());
}

/** "2026년 11월 1일 ~ 2026년 11월 30일", or "… ~ 현재" for the one in force. */
export function effectivePeriod(version: Pick<ContentVersionData, 'effectiveFrom' | 'effectiveTo'>): string {
  return `${koreanDate(version.effectiveFrom)} ~ ${version.effectiveTo ? lastDay(version.effectiveTo) : '현재'}`;
}

export interface VersionStates {
  /** Newest first. */
  versions: ContentVersionData[];
  current: ContentVersionData | undefined;
  /** The announced version still ahead (the earliest, if more than one). */
  scheduled: ContentVersionData | undefined;
}

/** Which published version is in force at `now`, and which one is announced. */
export function versionStates(items: readonly ContentVersionData[], now: number): VersionStates {
  const versions = [...items].sort((a, b) => b.version - a.version);
  const started = (version: ContentVersionData) => Date.parse(version.effectiveFrom) <= now;
  const ahead = versions.filter((version) => !started(version));
  return {
    versions,
    current: versions.find((version) => started(version) && (!version.effectiveTo || Date.parse(version.effectiveTo) > now)),
    scheduled: ahead.at(-1),
  };
}
