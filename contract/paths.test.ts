import { describe, expect, it } from 'vitest';
import { adminPaths, isAtOrUnder, isSameScreenPath, paths, routePatterns, screenPathKey, screenPattern } from './paths';

describe('screen paths compare as the router matches them (spec §2)', () => {
  it('in any case, with or without one trailing slash', () => {
    expect(screenPathKey('/Account/Signin/')).toBe('/account/signin');
    expect(screenPathKey('/')).toBe('/');
    expect(isSameScreenPath(paths.signin, '/ACCOUNT/signin/')).toBe(true);
    expect(isSameScreenPath(paths.signin, '/Account/Signup')).toBe(false);
  });

  it('a path under another: the console and its screens, not a longer name', () => {
    expect(isAtOrUnder(adminPaths.dashboard, '/admin')).toBe(true);
    expect(isAtOrUnder(adminPaths.dashboard, '/Admin/boards/List')).toBe(true);
    expect(isAtOrUnder(adminPaths.dashboard, '/administer')).toBe(false);
    expect(isAtOrUnder(paths.signup, '/account/signup/welcome')).toBe(true);
  });

  it('a route pattern as a regular expression: parameters captured in order, a parameter\'s own pattern kept', () => {
    const view = screenPattern(routePatterns.boardView, { itemNo: '\\d{1,9}' });
    expect(view.exec('/nids/NOTICE/view/15/')?.slice(1)).toEqual(['nids', 'NOTICE', '15']);
    expect(view.test('/Nids/notice/View/abc')).toBe(false);
    expect(view.test('/Nids/notice/View/1234567890')).toBe(false);
    const list = screenPattern(routePatterns.boardList);
    expect(list.exec('/Reference/public/List/')?.slice(1)).toEqual(['Reference', 'public']);
    expect(list.test('/reference/public/list')).toBe(true);
    expect(list.test('/reference/public/list/extra')).toBe(false);
    expect(screenPattern(paths.home).test('/')).toBe(true);
    expect(screenPattern(paths.home).test('/x')).toBe(false);
    expect(screenPattern(paths.contactUsTerms).test('/tos/content/contactus/termscontent/')).toBe(true);
    expect(screenPattern(adminPaths.accessRecords).test('/admin/access-records')).toBe(true);
  });

  it('the route patterns are the builders with named parameters', () => {
    expect(routePatterns.boardList).toBe('/:area/:boardCode/List/');
    expect(routePatterns.boardWrite).toBe('/:area/:boardCode/Write/:itemNo');
    expect(routePatterns.inquiryWrite).toBe('/Nids/contactus/Write/:itemNo');
    expect(routePatterns.adminMember).toBe('/admin/members/:userId');
  });
});
