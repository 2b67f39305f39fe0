import { describe, expect, it } from 'vitest';
import type { BoardMenuEntry } from '@contract';
import { currentGroupId, menu, withBoards } from './menu';

const board = (boardCode: string, area: BoardMenuEntry['area'], name: string, sortOrder: number): BoardMenuEntry => ({
  boardCode, area, name, listStyle: 'list', sortOrder,
});
const seeded = [
  board('notice', 'Nids', '공지사항', 1),
  board('contactus', 'Nids', '문의하기', 2),
  board('public', 'Reference', '공개자료', 3),
  board('annualReport', 'Reference', '연차보고서', 4),
  board('safetyInformation', 'Reference', '안전성 정보', 5),
  board('promotionVideo', 'Reference', '홍보영상', 6),
  board('memberNotice', 'Member', '회원 공지', 7),
  board('community', 'Member', '커뮤니티', 8),
];

describe('withBoards: the fixed menu plus the boards the console made', () => {
  it('leaves the fixed menu of spec §2 exactly as it is for the seeded boards', () => {
    expect(withBoards(menu, seeded)).toEqual(menu);
  });

  it('adds a new board to its area\'s group, after the fixed links, in the boards\' order', () => {
    const groups = withBoards(menu, [...seeded, board('qna', 'Member', '묻고 답하기', 30), board('freeTalk', 'Member', '자유게시판', 20), board('guides', 'Reference', '안내서', 9), board('events', 'Nids', '행사', 10)]);
    const links = (id: string) => groups.find((g) => g.id === id)!.links;
    expect(links('community').map((l) => l.to)).toEqual(['/member/memberNotice/list', '/member/community/list', '/Member/freeTalk/List/', '/Member/qna/List/']);
    expect(links('reference').at(-1)).toEqual({ label: '안내서', to: '/Reference/guides/List/' });
    expect(links('notice').at(-1)).toEqual({ label: '행사', to: '/Nids/events/List/' });
    expect(groups.map((g) => g.id)).toEqual(menu.map((g) => g.id));
    // The fixed menu object itself is untouched.
    expect(menu.find((g) => g.id === 'community')!.links).toHaveLength(2);
  });

  it('matches board codes without regard to case', () => {
    expect(withBoards(menu, [board('COMMUNITY', 'Member', '커뮤니티', 8)])).toEqual(menu);
  });
});

describe('currentGroupId: the menu group of the screen on show', () => {
  it('finds the group of a fixed screen, whatever the case or a trailing slash', () => {
    expect(currentGroupId(menu, '/nids/about')).toBe('about');
    expect(currentGroupId(menu, '/Nids/History/')).toBe('about');
    expect(currentGroupId(menu, '/Account/Signin')).toBe('member');
    expect(currentGroupId(menu, '/system/registSite')).toBe('system');
  });

  it('puts a board\'s list, posts and write screen in the board\'s group', () => {
    expect(currentGroupId(menu, '/Nids/notice/List/')).toBe('notice');
    expect(currentGroupId(menu, '/nids/notice/view/12')).toBe('notice');
    expect(currentGroupId(menu, '/nids/contactus/write/NEW')).toBe('notice');
    expect(currentGroupId(menu, '/reference/annualReport/view/3')).toBe('reference');
    expect(currentGroupId(menu, '/member/community/list')).toBe('community');
  });

  it('leaves screens outside the menu without a group', () => {
    expect(currentGroupId(menu, '/')).toBeNull();
    expect(currentGroupId(menu, '/TOS/Content/PrivacyContent')).toBeNull();
    expect(currentGroupId(menu, '/Account/MyPage')).toBeNull();
    // A prefix of a path is not enough: /nids/notices is not /nids/notice.
    expect(currentGroupId(menu, '/nids/notices/list')).toBeNull();
  });
});
