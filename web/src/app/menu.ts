import {
  boardAreas,
  isAtOrUnder,
  isSameScreenPath,
  paths,
  routePatterns,
  screenPattern,
  type Area,
  type BoardMenuEntry,
} from '@contract';

/** A board a menu link opens (its list, or the inquiry form's write screen). */
export interface MenuBoard {
  area: Area;
  boardCode: string;
}
export interface MenuLink {
  label: string;
  to: string;
  board?: MenuBoard;
}
export interface MenuGroup {
  id: string;
  label: string;
  links: MenuLink[];
}

/** A board's area from its code, as contract/paths.ts places the seeded boards. */
const seeded = (boardCode: string): MenuBoard => ({ area: boardAreas[boardCode]!, boardCode });

/** The link to a board's list. */
const listLink = (label: string, board: MenuBoard): MenuLink => ({ label, to: paths.boardList(board.area, board.boardCode), board });

/** The inquiry form (spec §2: the suggestions and inquiries board, written to from the menu and the footer). */
const inquiryBoard = seeded('contactus');
export const inquiryFormPath = paths.boardWrite(inquiryBoard.area, inquiryBoard.boardCode);

/** The navigation menu of spec §2, with its Korean titles; every link is a path of contract/paths.ts. */
export const menu: MenuGroup[] = [
  {
    id: 'about',
    label: '기관소개',
    links: [
      { label: '사업 소개', to: paths.nidsIntro },
      { label: '등록사업 안내', to: paths.nidsAbout },
      { label: '조직도', to: paths.nidsOrganization },
      { label: '연혁', to: paths.nidsHistory },
    ],
  },
  {
    id: 'member',
    label: '회원서비스',
    links: [
      { label: '로그인', to: paths.signin },
      { label: '회원가입', to: paths.signup },
      { label: '아이디 찾기', to: paths.findId },
      { label: '비밀번호 찾기', to: paths.findPassword },
    ],
  },
  {
    id: 'system',
    label: '환자등록시스템',
    links: [{ label: '환자등록시스템 안내', to: paths.registSite }],
  },
  {
    id: 'reference',
    label: '자료실',
    links: [
      listLink('공개자료', seeded('public')),
      listLink('연차보고서', seeded('annualReport')),
      listLink('안전성 정보', seeded('safetyInformation')),
      listLink('홍보영상', seeded('promotionVideo')),
    ],
  },
  {
    id: 'community',
    label: '커뮤니티',
    links: [listLink('회원 공지', seeded('memberNotice')), listLink('커뮤니티', seeded('community'))],
  },
  {
    id: 'notice',
    label: '알림마당',
    links: [listLink('공지사항', seeded('notice')), { label: '문의하기', to: inquiryFormPath, board: inquiryBoard }],
  },
];

export const footerLinks = { terms: paths.terms, privacy: paths.privacy };

/** Which menu group lists the boards of each area (spec §2: 자료실, 커뮤니티, 알림마당). */
const groupOfArea: Record<Area, string> = { Reference: 'reference', Member: 'community', Nids: 'notice' };

/**
 * The fixed menu with every board it does not link yet added to its area's group, in the boards'
 * order: a board the console creates is in the menu at once. The fixed links stay as they are.
 * Board codes compare in any case, as the routes do.
 */
export function withBoards(groups: readonly MenuGroup[], boards: readonly BoardMenuEntry[]): MenuGroup[] {
  const linked = new Set(groups.flatMap((g) => g.links.flatMap((l) => (l.board ? [l.board.boardCode.toLowerCase()] : []))));
  const extra = new Map<string, MenuLink[]>();
  for (const board of [...boards].sort((a, b) => a.sortOrder - b.sortOrder)) {
    if (linked.has(board.boardCode.toLowerCase())) continue;
    const group = groupOfArea[board.area];
    extra.set(group, [...(extra.get(group) ?? []), listLink(board.name, { area: board.area, boardCode: board.boardCode })]);
  }
  return groups.map((g) => (extra.has(g.id) ? { ...g, links: [...g.links, ...extra.get(g.id)!] } : g));
}

/** A board's screens: its list, its posts and its write screen. */
const boardScreens = [routePatterns.boardList, routePatterns.boardView, routePatterns.boardWrite].map((pattern) => screenPattern(pattern));

/** The board whose screen is at `pathname` (area and code as typed), or null for other screens. */
function boardAt(pathname: string): { area: string; boardCode: string } | null {
  for (const pattern of boardScreens) {
    const match = pattern.exec(pathname);
    if (match) return { area: match[1]!, boardCode: match[2]! };
  }
  return null;
}

/**
 * The menu group the screen at `pathname` belongs to (a board's list, posts and write screen all
 * belong to the board's group; a fixed link's screen and the screens under it to the link's), or
 * null for screens outside the menu (home, terms, My page).
 */
export function currentGroupId(groups: readonly MenuGroup[], pathname: string): string | null {
  const board = boardAt(pathname);
  for (const group of groups) {
    for (const link of group.links) {
      const here = link.board
        ? board !== null && isSameScreenPath(paths.boardList(link.board.area, link.board.boardCode), paths.boardList(board.area, board.boardCode))
        : isAtOrUnder(link.to, pathname);
      if (here) return group.id;
    }
  }
  return null;
}
