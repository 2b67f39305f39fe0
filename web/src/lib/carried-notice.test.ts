import { describe, expect, it } from 'vitest';
import { carriedNotice, carryNotice, dismissCarriedNotice, leftFor, subscribeCarriedNotice, belongsOn } from './carried-notice';

describe('carried notices', () => {
  it('belong to the screens named, in any spelling the router takes, and go when the member moves elsewhere', () => {
    let changes = 0;
    const stop = subscribeCarriedNotice(() => changes++);
    carryNotice('비밀번호가 재설정 되었습니다.', ['/'], 'success');
    const notice = carriedNotice()!;
    expect(notice).toMatchObject({ text: '비밀번호가 재설정 되었습니다.', tone: 'success' });
    expect(belongsOn(notice, '/')).toBe(true);
    expect(belongsOn(notice, '/Account/FindPassword')).toBe(false);
    // Arriving where it belongs keeps it.
    leftFor('/');
    expect(carriedNotice()).toBe(notice);
    leftFor('/nids/notice/list');
    expect(carriedNotice()).toBeNull();
    expect(changes).toBe(2);
    stop();
  });

  it('matches paths without case or trailing slash, and closes by its own id only', () => {
    carryNotice('다시 로그인해주세요.', ['/Account/Signin']);
    const first = carriedNotice()!;
    expect(belongsOn(first, '/account/signin/')).toBe(true);
    carryNotice('두 번째', ['/Account/Signin']);
    dismissCarriedNotice(first.id);
    expect(carriedNotice()?.text).toBe('두 번째');
    dismissCarriedNotice(carriedNotice()!.id);
    expect(carriedNotice()).toBeNull();
  });
});
