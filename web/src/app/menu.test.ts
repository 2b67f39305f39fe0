import { describe, expect, it } from 'vitest';
import type { BoardMenuEntry, MenuEntry, MenuLinkEntry } from '@contract';
import { headerMenuSeed } from '@server/modules/menu/seed';
import { publicMenu } from '@server/modules/menu/tree';
import { currentGroupId, headerGroups } from './menu';

const board = (boardCode: string, area: BoardMenuEntry['area'], name: string, sortOrder: number, listStyle: BoardMenuEntry['listStyle'] = 'list'): BoardMenuEntry => ({
  boardCode, area, name, listStyle, sortOrder,
});
const seededBoards = [
  board('notice', 'Nids', '공지사항', 1),
  board('contactus', 'Nids', '문의하기', 2, 'inquiry'),
  board('public', 'Reference', '공개자료', 3),
  board('annualReport', 'Reference', '연차보고서', 4),
  board('safetyInformation', 'Reference', '안전성 정보', 5),
  board('promotionVideo', 'Reference', '홍보영상', 6, 'video'),
  board('memberNotice', 'Member', '회원 공지', 7),
  board('community', 'Member', '커뮤니티', 8),
];
const shown = (boards: BoardMenuEntry[] = seededBoards) => headerGroups(publicMenu(1, headerMenuSeed, boards).items);
const outline = (groups: ReturnType<typeof headerGroups>) => groups.map((g) => [g.label, g.links.map((l) => `${l.label} ${l.to}`)]);

describe('the header from the seeded menu', () => {
  it('shows exactly the menu of spec §2 the header showed when it was code', () => {
    // The header before issue 22 (web/src/app/menu.ts's fixed menu with the seeded boards).
    expect(outline(shown())).toEqual([
      ['기관소개', ['사업 소개 /nids/intro', '등록사업 안내 /nids/about', '조직도 /nids/organization', '연혁 /nids/history']],
      ['회원서비스', ['로그인 /Account/Signin', '회원가입 /Account/Signup', '아이디 찾기 /Account/FindId', '비밀번호 찾기 /Account/FindPassword']],
      ['환자등록시스템', ['환자등록시스템 안내 /system/registSite']],
      ['자료실', ['공개자료 /Reference/public/List/', '연차보고서 /Reference/annualReport/List/', '안전성 정보 /Reference/safetyInformation/List/', '홍보영상 /Reference/promotionVideo/List/']],
      ['커뮤니티', ['회원 공지 /Member/memberNotice/List/', '커뮤니티 /Member/community/List/']],
      ['알림마당', ['공지사항 /Nids/notice/List/', '문의하기 /Nids/contactus/Write/NEW']],
    ]);
  });

  it('adds a board the console made to its area\'s group, after the fixed links, in the boards\' order', () => {
    const groups = shown([...seededBoards, board('qna', 'Member', '묻고 답하기', 30), board('freeTalk', 'Member', '자유게시판', 20), board('events', 'Nids', '행사', 10)]);
    const links = (label: string) => groups.find((g) => g.label === label)!.links.map((l) => l.to);
    expect(links('커뮤니티')).toEqual(['/Member/memberNotice/List/', '/Member/community/List/', '/Member/freeTalk/List/', '/Member/qna/List/']);
    expect(links('알림마당').at(-1)).toBe('/Nids/events/List/');
  });
});

describe('headerGroups: what the header draws of the data', () => {
  const entry = (id: string, over: Partial<MenuEntry> = {}): MenuEntry => ({ id, label: id, hidden: false, children: [], ...over });
  const link = (id: string, over: Partial<MenuLinkEntry> = {}): MenuLinkEntry => ({ id, label: id, hidden: false, children: [], path: `/${id}`, ...over });

  it('leaves out hidden groups, hidden links and groups with nothing to show', () => {
    const groups = headerGroups([
      entry('a', { children: [link('a1'), link('a2', { hidden: true })] }),
      entry('b', { hidden: true, children: [link('b1')] }),
      entry('c', { children: [link('c1', { hidden: true })] }),
      entry('d'),
    ]);
    expect(groups.map((g) => [g.id, g.links.map((l) => l.id)])).toEqual([['a', ['a1']]]);
  });

  it('makes a top-level entry with a link of its own a link on the top row, and an external address a new-window link', () => {
    const groups = headerGroups([entry('top', { path: '/nids/intro' }), entry('g', { children: [link('x', { path: undefined, url: 'https://www.mfds.go.kr/' })] })]);
    expect(groups[0]).toEqual({ id: 'top', label: 'top', links: [], link: { id: 'top', label: 'top', to: '/nids/intro' } });
    expect(groups[1]!.links).toEqual([{ id: 'x', label: 'x', href: 'https://www.mfds.go.kr/' }]);
  });
});

describe('currentGroupId: the menu group of the screen on show', () => {
  const menu = shown();
  const idOf = (pathname: string) => currentGroupId(menu, pathname);

  it('finds the group of a fixed screen, whatever the case or a trailing slash', () => {
    expect(idOf('/nids/about')).toBe('about');
    expect(idOf('/Nids/History/')).toBe('about');
    expect(idOf('/Account/Signin')).toBe('member');
    expect(idOf('/system/registSite')).toBe('system');
  });

  it('puts a board\'s list, posts and write screen in the board\'s group', () => {
    expect(idOf('/Nids/notice/List/')).toBe('notice');
    expect(idOf('/nids/notice/view/12')).toBe('notice');
    expect(idOf('/nids/contactus/write/NEW')).toBe('notice');
    expect(idOf('/reference/annualReport/view/3')).toBe('reference');
    expect(idOf('/member/community/list')).toBe('community');
  });

  it('leaves screens outside the menu without a group', () => {
    expect(idOf('/')).toBeNull();
    expect(idOf('/TOS/Content/PrivacyContent')).toBeNull();
    expect(idOf('/Account/MyPage')).toBeNull();
    // A prefix of a path is not enough: /nids/notices is not /nids/notice.
    expect(idOf('/nids/notices/list')).toBeNull();
  });
});
