import { paths, type Area, type BoardMenuEntry } from '@contract';

export interface MenuLink {
  label: string;
  to: string;
}
export interface MenuGroup {
  id: string;
  label: string;
  links: MenuLink[];
}

/** The navigation menu of spec §2, with its Korean titles. */
export const menu: MenuGroup[] = [
  {
    id: 'about',
    label: '기관소개',
    links: [
      { label: '사업 소개', to: '/nids/intro' },
      { label: '등록사업 안내', to: '/nids/about' },
      { label: '조직도', to: '/nids/organization' },
      { label: '연혁', to: '/nids/history' },
    ],
  },
  {
    id: 'member',
    label: '회원서비스',
    links: [
      { label: '로그인', to: '/account/signin' },
      { label: '회원가입', to: '/account/signup' },
      { label: '아이디 찾기', to: '/account/findId' },
      { label: '비밀번호 찾기', to: '/account/findPassword' },
    ],
  },
  {
    id: 'system',
    label: '환자등록시스템',
    links: [{ label: '환자등록시스템 안내', to: '/system/registSite' }],
  },
  {
    id: 'reference',
    label: '자료실',
    links: [
      { label: '공개자료', to: '/reference/public/list' },
      { label: '연차보고서', to: '/reference/annualReport/list' },
      { label: '안전성 정보', to: '/reference/safetyInformation/list' },
      { label: '홍보영상', to: '/reference/promotionVideo/list' },
    ],
  },
  {
    id: 'community',
    label: '커뮤니티',
    links: [
      { label: '회원 공지', to: '/member/memberNotice/list' },
      { label: '커뮤니티', to: '/member/community/list' },
    ],
  },
  {
    id: 'notice',
    label: '알림마당',
    links: [
      { label: '공지사항', to: '/nids/notice/list' },
      { label: '문의하기', to: '/nids/contactus/write/NEW' },
    ],
  },
];

export const footerLinks = { terms: paths.terms, privacy: paths.privacy };

/** Which menu group lists the boards of each area (spec §2: 자료실, 커뮤니티, 알림마당). */
const groupOfArea: Record<Area, string> = { Reference: 'reference', Member: 'community', Nids: 'notice' };

/** The board code a menu link opens (`/reference/public/list` -> public), lower-case. */
function boardCodeOf(to: string): string | null {
  const match = /^\/(?:nids|reference|member)\/([^/]+)\/(?:list|write)\b/i.exec(to);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * The fixed menu with every board it does not link yet added to its area's group, in the boards'
 * order: a board the console creates is in the menu at once. The fixed links stay as they are.
 */
export function withBoards(groups: readonly MenuGroup[], boards: readonly BoardMenuEntry[]): MenuGroup[] {
  const linked = new Set(groups.flatMap((g) => g.links.map((l) => boardCodeOf(l.to))).filter(Boolean));
  const extra = new Map<string, MenuLink[]>();
  for (const board of [...boards].sort((a, b) => a.sortOrder - b.sortOrder)) {
    if (linked.has(board.boardCode.toLowerCase())) continue;
    const group = groupOfArea[board.area];
    extra.set(group, [...(extra.get(group) ?? []), { label: board.name, to: paths.boardList(board.area, board.boardCode) }]);
  }
  return groups.map((g) => (extra.has(g.id) ? { ...g, links: [...g.links, ...extra.get(g.id)!] } : g));
}

/** The part of a menu link that all its screens share: a board's /area/code, or the path itself. */
function sectionOf(to: string): string {
  const board = /^(\/(?:nids|reference|member)\/[^/]+)\/(?:list|write)\b/i.exec(to);
  return (board ? board[1]! : to.replace(/\/+$/, '')).toLowerCase();
}

/**
 * The menu group the screen at `pathname` belongs to (a board's list, posts and write screen all
 * belong to the board's group), or null for screens outside the menu (home, terms, My page).
 */
export function currentGroupId(groups: readonly MenuGroup[], pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  for (const group of groups) {
    for (const link of group.links) {
      const section = sectionOf(link.to);
      if (path === section || path.startsWith(`${section}/`)) return group.id;
    }
  }
  return null;
}
