/**
 * The time every expiry, limit and lockout decision uses. Production reads the system clock;
 * tests replace it to step past five minutes or fourteen days without waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** `date` moved by `ms` milliseconds. */
export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);
