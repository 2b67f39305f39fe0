import { describe, expect, it } from 'vitest';
import { changeOf, kstToday, lastDays, periodOf, pointLabel } from './period';

describe('the statistics period (issue 23)', () => {
  it('takes today in Korea', () => {
    expect(kstToday(new Date('2026-12-01T15:30:00Z'))).toBe('2026-12-02');
  });

  it('reads the period from the address, else the last 30 days by day (7 by hour)', () => {
    const today = '2026-12-02';
    expect(periodOf(new URLSearchParams('from=2026-11-01&to=2026-11-30&interval=hour'), today)).toEqual({
      from: '2026-11-01', to: '2026-11-30', interval: 'hour',
    });
    // Longer than an hourly read allows (31 days): its last 31 days.
    expect(periodOf(new URLSearchParams('from=2026-10-01&to=2026-11-30&interval=hour'), today)).toEqual({
      from: '2026-10-31', to: '2026-11-30', interval: 'hour',
    });
    expect(periodOf(new URLSearchParams('from=2026-11-01&to=2026-11-10'), today)).toEqual({ from: '2026-11-01', to: '2026-11-10', interval: 'day' });
    expect(periodOf(new URLSearchParams(''), today)).toEqual({ ...lastDays(30, today), interval: 'day' });
    expect(periodOf(new URLSearchParams('interval=hour'), today)).toEqual({ from: '2026-11-26', to: today, interval: 'hour' });
    expect(periodOf(new URLSearchParams('from=2026-12-05&to=2026-12-01'), today).from).toBe('2026-11-03');
    expect(periodOf(new URLSearchParams('from=2020-01-01&to=2026-12-01'), today)).toEqual({ ...lastDays(366, '2026-12-01'), interval: 'day' });
  });

  it('says the change from the period before in words', () => {
    expect(changeOf(110, 100)).toBe('+10%');
    expect(changeOf(2, 3)).toBe('-33.3%');
    expect(changeOf(5, 0)).toBe('신규');
    expect(changeOf(4, 4)).toBe('변동 없음');
  });

  it('labels days and hours', () => {
    expect(pointLabel('2026-12-01')).toBe('12-01');
    expect(pointLabel('2026-12-01T09')).toBe('12-01 09시');
  });
});
