import type { PopupScreen, PopupState } from '@contract';

/**
 * A pop-up's period, by the app's clock (issue 22): active from `startsAt` (included) to `endsAt`
 * (excluded). Pure, so the cache's expiry and the console's state are tested without a database.
 */
export interface Period {
  startsAt: Date;
  endsAt: Date;
}

export function stateAt(period: Period, now: Date): PopupState {
  if (now.getTime() >= period.endsAt.getTime()) return 'ended';
  return now.getTime() >= period.startsAt.getTime() ? 'active' : 'scheduled';
}

export const isActiveAt = (period: Period, now: Date) => stateAt(period, now) === 'active';

/**
 * The screens whose pop-ups a read for `screen` shows: the home page shows the home-only ones and
 * the every-screen ones; any other screen (`all`) only the every-screen ones.
 */
export function shownOn(popupScreen: PopupScreen, screen: PopupScreen): boolean {
  return popupScreen === 'all' || screen === 'home';
}

/**
 * When the active set next changes (milliseconds), among pop-ups not yet ended: the soonest end of
 * an active one or start of a scheduled one; null when none is coming. A cached answer must not
 * be served from that moment on.
 */
export function nextChange(periods: readonly Period[], now: Date): number | null {
  const at = now.getTime();
  let next: number | null = null;
  for (const p of periods) {
    const state = stateAt(p, now);
    const moment = state === 'active' ? p.endsAt.getTime() : state === 'scheduled' ? p.startsAt.getTime() : null;
    if (moment !== null && moment > at && (next === null || moment < next)) next = moment;
  }
  return next;
}
