import { describe, expect, it } from 'vitest';
import { feedbackRequest, feedbackScreenKey } from './feedback';

describe('feedbackScreenKey (issue 23)', () => {
  it.each([
    ['/', '/'],
    ['/Nids/Intro', '/nids/intro'],
    ['/NIDS/INTRO/', '/nids/intro'],
    ['/Account/MyPage', '/account/mypage'],
    ['/Nids/notice/List/', '/nids/notice/list'],
    ['/reference/public/list', '/reference/public/list'],
    ['/Nids/notice/View/12', '/nids/notice/view/12'],
    ['/Member/community/Write/NEW', '/member/community/write/new'],
  ])('%s counts as %s', (path, key) => {
    expect(feedbackScreenKey(path)).toBe(key);
  });

  it.each([
    '', 'nids/intro', '/admin', '/admin/members', '/api/feedback', '/TOS/Content/PrivacyContent', '/TOS/Content/TermsContent',
    '/TOS/Content/ContactUs/TermsContent', '/nowhere', '/Other/notice/List', '/Nids/notice/View/0', '/Nids/notice/View/x',
    '/nids/intro?x=1', '/nids/intro#top', '//evil.example/', `/Nids/notice/View/${'1'.repeat(250)}`,
  ])('%s takes no answer', (path) => {
    expect(feedbackScreenKey(path)).toBeNull();
  });

  it('the request schema takes a score of 1 to 5 and a comment of at most 500 characters', () => {
    expect(feedbackRequest.safeParse({ path: '/', score: 5, comment: '가'.repeat(500) }).success).toBe(true);
    expect(feedbackRequest.safeParse({ path: '/', score: 0 }).success).toBe(false);
    expect(feedbackRequest.safeParse({ path: '/', score: 3, comment: '가'.repeat(501) }).success).toBe(false);
    expect(feedbackRequest.safeParse({ path: '/admin', score: 3 }).success).toBe(false);
  });
});
