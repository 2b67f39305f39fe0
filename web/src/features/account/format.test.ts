import { describe, expect, it } from 'vitest';
import { returnPathAfterSignin } from './account-paths';
import { formatJoinDate, formatRemaining, spokenRemaining } from './format';
import { PINCODE_RESEND_SECONDS, PINCODE_VALID_SECONDS, pincodeClock } from './pincode-clock';

describe('formatJoinDate (YYYY.MM.DD in Korea Standard Time)', () => {
  it('formats the server’s +09:00 dates and converts other offsets', () => {
    expect(formatJoinDate('2026-01-05T09:30:00+09:00')).toBe('2026.01.05');
    expect(formatJoinDate('2026-11-21T16:30:00Z')).toBe('2026.11.22');
    expect(formatJoinDate('unknown')).toBe('unknown');
  });
});

describe('pincode countdown', () => {
  it('shows m:ss and says it in words', () => {
    expect(formatRemaining(300)).toBe('5:00');
    expect(formatRemaining(299.2)).toBe('5:00');
    expect(formatRemaining(61)).toBe('1:01');
    expect(formatRemaining(9)).toBe('0:09');
    expect(formatRemaining(-3)).toBe('0:00');
    expect(spokenRemaining(299)).toBe('4분 59초');
    expect(spokenRemaining(120)).toBe('2분');
    expect(spokenRemaining(5)).toBe('5초');
  });

  it('runs 5 minutes of validity and allows another send after 60 seconds', () => {
    const sentAt = 1_000_000;
    expect(PINCODE_VALID_SECONDS).toBe(300);
    expect(PINCODE_RESEND_SECONDS).toBe(60);
    expect(pincodeClock(sentAt, sentAt)).toEqual({ remaining: 300, expired: false, resendIn: 60 });
    expect(pincodeClock(sentAt, sentAt + 59_500)).toEqual({ remaining: 241, expired: false, resendIn: 1 });
    expect(pincodeClock(sentAt, sentAt + 60_000)).toEqual({ remaining: 240, expired: false, resendIn: 0 });
    expect(pincodeClock(sentAt, sentAt + 300_000)).toEqual({ remaining: 0, expired: true, resendIn: 0 });
    expect(pincodeClock(sentAt, sentAt - 5_000).remaining).toBe(300);
  });
});

describe('returnPathAfterSignin', () => {
  it('goes home by default (spec §2) and back to the page that asked otherwise', () => {
    expect(returnPathAfterSignin(null)).toBe('/');
    expect(returnPathAfterSignin({})).toBe('/');
    expect(returnPathAfterSignin({ from: '/Account/MyPage' })).toBe('/Account/MyPage');
    expect(returnPathAfterSignin({ from: '/Member/community/List/?page=2' })).toBe('/Member/community/List/?page=2');
  });

  it('never leaves the site and never returns to an account recovery screen', () => {
    expect(returnPathAfterSignin({ from: 'https://evil.example/' })).toBe('/');
    expect(returnPathAfterSignin({ from: '//evil.example/' })).toBe('/');
    expect(returnPathAfterSignin({ from: '/\\evil.example/' })).toBe('/');
    expect(returnPathAfterSignin({ from: '/account/signin' })).toBe('/');
    expect(returnPathAfterSignin({ from: '/Account/FindPassword?x=1' })).toBe('/');
  });
});
