import { describe, expect, it } from 'vitest';
import { isActiveAt, nextChange, shownOn, stateAt } from './schedule';

const at = (iso: string) => new Date(iso);
const period = (startsAt: string, endsAt: string) => ({ startsAt: at(startsAt), endsAt: at(endsAt) });

describe('a pop-up period', () => {
  const p = period('2026-12-24T09:00:00+09:00', '2026-12-26T00:00:00+09:00');

  it('is scheduled before its start, active from its start, ended from its end', () => {
    expect(stateAt(p, at('2026-12-24T08:59:59.999+09:00'))).toBe('scheduled');
    expect(stateAt(p, at('2026-12-24T09:00:00+09:00'))).toBe('active');
    expect(stateAt(p, at('2026-12-25T23:59:59.999+09:00'))).toBe('active');
    expect(stateAt(p, at('2026-12-26T00:00:00+09:00'))).toBe('ended');
    expect(isActiveAt(p, at('2026-12-25T12:00:00+09:00'))).toBe(true);
    expect(isActiveAt(p, at('2026-12-26T00:00:00+09:00'))).toBe(false);
  });
});

describe('where a pop-up shows', () => {
  it('the home page shows both kinds; other screens only the every-screen ones', () => {
    expect(shownOn('home', 'home')).toBe(true);
    expect(shownOn('all', 'home')).toBe(true);
    expect(shownOn('all', 'all')).toBe(true);
    expect(shownOn('home', 'all')).toBe(false);
  });
});

describe('the next change of the active set', () => {
  const now = at('2026-12-24T12:00:00+09:00');

  it('is the soonest end of an active one or start of a scheduled one', () => {
    const periods = [
      period('2026-12-24T09:00:00+09:00', '2026-12-24T18:00:00+09:00'), // active, ends 18:00
      period('2026-12-24T15:00:00+09:00', '2026-12-25T00:00:00+09:00'), // scheduled, starts 15:00
      period('2026-12-20T00:00:00+09:00', '2026-12-24T12:00:00+09:00'), // ended just now
    ];
    expect(nextChange(periods, now)).toBe(at('2026-12-24T15:00:00+09:00').getTime());
    expect(nextChange(periods.slice(0, 1), now)).toBe(at('2026-12-24T18:00:00+09:00').getTime());
  });

  it('is null when nothing is active or coming', () => {
    expect(nextChange([], now)).toBeNull();
    expect(nextChange([period('2026-12-01T00:00:00+09:00', '2026-12-02T00:00:00+09:00')], now)).toBeNull();
  });
});
