import { describe, expect, it } from 'vitest';
import { koreaClock, koreaDate, koreaLocalMinute } from './korea-time';

describe('Korea time', () => {
  it('reads the Korean calendar and clock from any instant, whatever offset it was written with', () => {
    const lateUtc = Date.parse('2026-12-31T15:30:00Z');
    expect(koreaDate(lateUtc)).toBe('2027-01-01');
    expect(koreaLocalMinute(lateUtc)).toBe('2027-01-01T00:30');
    expect(koreaDate(Date.parse('2026-12-31T23:59:00+09:00'))).toBe('2026-12-31');
    expect(koreaClock(Date.parse('2026-06-01T00:00:00+09:00')).getUTCHours()).toBe(0);
  });
});
