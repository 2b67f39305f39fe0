import { describe, expect, it } from 'vitest';
import { isScreenPath, referrerHost, screenOf } from './visit-screens';

const boards = new Map([
  ['notice', 'notice'],
  ['annualreport', 'annualReport'],
]);

describe('screenOf (issue 23)', () => {
  it('names fixed screens whatever their case or trailing slash', () => {
    expect(screenOf('/', boards)).toEqual({ screen: 'home' });
    expect(screenOf('/NIDS/Intro/', boards)).toEqual({ screen: 'nidsIntro' });
    expect(screenOf('/Account/Signin', boards)).toEqual({ screen: 'signin' });
    expect(screenOf('/TOS/Content/PrivacyContent', boards)).toEqual({ screen: 'privacy' });
  });

  it("names a board's screens by the board's own code, and a post's view as the post too", () => {
    expect(screenOf('/Nids/notice/List/', boards)).toEqual({ screen: 'list:notice' });
    expect(screenOf('/reference/ANNUALREPORT/View/42', boards)).toEqual({ screen: 'view:annualReport', post: 'annualReport/42' });
    expect(screenOf('/Nids/notice/Write/NEW', boards)).toEqual({ screen: 'write:notice' });
  });

  it('counts nothing for the console, unknown boards, non-numeric posts or other paths', () => {
    for (const path of ['/admin', '/admin/members', '/ADMIN/stats', '/Nids/nosuch/List', '/Nids/notice/View/abc', '/nope', 'http://x/', '/' + 'a'.repeat(400)]) {
      expect(screenOf(path, boards), path).toBeUndefined();
    }
  });
});

describe('isScreenPath (issue 23)', () => {
  it("takes any board's screens (the server checks the board when it counts), never the console", () => {
    expect(isScreenPath('/Member/anyBoard/View/3')).toBe(true);
    expect(isScreenPath('/nids/intro')).toBe(true);
    expect(isScreenPath('/admin/stats')).toBe(false);
    expect(isScreenPath('/nope')).toBe(false);
  });
});

describe('referrerHost (issue 23)', () => {
  it("keeps only another site's host", () => {
    expect(referrerHost('https://search.naver.com/search.naver?query=%EC%9D%B4%EC%8B%9D', 'nids.example.kr')).toBe('search.naver.com');
    expect(referrerHost('http://WWW.Google.com:8080/url?q=secret', 'nids.example.kr')).toBe('www.google.com');
  });

  it('drops this site, other schemes, nonsense and nothing', () => {
    expect(referrerHost('https://nids.example.kr/Nids/notice/List', 'nids.example.kr')).toBeUndefined();
    expect(referrerHost('http://127.0.0.1:3000/', '127.0.0.1:3000')).toBeUndefined();
    expect(referrerHost('android-app://com.google.android.gm/', 'nids.example.kr')).toBeUndefined();
    expect(referrerHost('not a url', 'nids.example.kr')).toBeUndefined();
    expect(referrerHost('', 'nids.example.kr')).toBeUndefined();
    expect(referrerHost(undefined, 'nids.example.kr')).toBeUndefined();
  });
});
