/**
 * Every screen path in one place (spec §2), so menus, links and tests never spell a URL by hand.
 * Routes match case-insensitively; these are the canonical spellings used in links.
 */
export const paths = {
  home: '/',
  nidsIntro: '/nids/intro',
  nidsAbout: '/nids/about',
  nidsHistory: '/nids/history',
  nidsOrganization: '/nids/organization',
  registSite: '/system/registSite',
  signin: '/Account/Signin',
  signup: '/Account/Signup',
  signupWelcome: '/Account/Signup/Welcome',
  findId: '/Account/FindId',
  findPassword: '/Account/FindPassword',
  myPage: '/Account/MyPage',
  privacy: '/TOS/Content/PrivacyContent',
  terms: '/TOS/Content/TermsContent',
  contactUsTerms: '/TOS/Content/ContactUs/TermsContent',
  boardList: (area: string, boardCode: string) => `/${area}/${boardCode}/List/`,
  boardView: (area: string, boardCode: string, itemNo: number | string) => `/${area}/${boardCode}/View/${itemNo}`,
  boardWrite: (area: string, boardCode: string, itemNo: number | string = 'NEW') => `/${area}/${boardCode}/Write/${itemNo}`,
  /** The site-wide search (issue 23): `/search?keyword=…`. */
  search: '/search',
} as const;

/** The console's screens (issue 9), all under /admin. */
export const adminPaths = {
  dashboard: '/admin',
  members: '/admin/members',
  member: (userId: number | string) => `/admin/members/${userId}`,
  roles: '/admin/roles',
  boards: '/admin/boards',
  board: (boardCode: string) => `/admin/boards/${boardCode}`,
  newBoard: '/admin/boards/NEW',
  inquiries: '/admin/inquiries',
  alumni: '/admin/alumni',
  settings: '/admin/settings',
  accessRecords: '/admin/access-records',
  twoFactor: '/admin/two-factor',
  popups: '/admin/popups',
  // Issue 22: the site's own words (content pages), their editor and versions.
  contents: '/admin/content',
  content: (code: string) => `/admin/content/${code}`,
  contentVersions: (code: string) => `/admin/content/${code}/versions`,
  /** The header menu (issue 22). */
  menu: '/admin/menu',
  /** Visitor statistics (issue 23). */
  stats: '/admin/stats',
  /** Page satisfaction (issue 23). */
  feedback: '/admin/feedback',
  /** The site search's popular terms, which staff may hide (issue 23). */
  popularSearches: '/admin/popular-searches',
} as const;

/**
 * Which area each seeded board lives in (spec §2), for building links from a board code alone.
 * Boards made in the console are not listed here: their area comes from `GET /api/board` (the
 * menu), and a board's screens read the area from the URL and check it against the board.
 */
export const boardAreas: Record<string, 'Nids' | 'Reference' | 'Member'> = {
  notice: 'Nids',
  contactus: 'Nids',
  faq: 'Nids',
  public: 'Reference',
  annualReport: 'Reference',
  safetyInformation: 'Reference',
  promotionVideo: 'Reference',
  memberNotice: 'Member',
  community: 'Member',
};

/**
 * The screens with parameters as route patterns (React Router's `:name`): the builders above
 * given their parameters' names, so a route is spelt once, here.
 */
export const routePatterns = {
  boardList: paths.boardList(':area', ':boardCode'),
  boardView: paths.boardView(':area', ':boardCode', ':itemNo'),
  boardWrite: paths.boardWrite(':area', ':boardCode', ':itemNo'),
  /** The contact-us board's write screen, the inquiry form (spec §2 /nids/contactus/write/NEW). */
  inquiryWrite: paths.boardWrite(boardAreas.contactus!, 'contactus', ':itemNo'),
  adminMember: adminPaths.member(':userId'),
  adminBoard: adminPaths.board(':boardCode'),
  adminContent: adminPaths.content(':code'),
  adminContentVersions: adminPaths.contentVersions(':code'),
} as const;

/*
 * How screen paths compare (spec §2): the router matches them in any case and with or without a
 * trailing slash, so /Account/Signin, /account/signin/ and /ACCOUNT/SIGNIN are one screen. Every
 * comparison of screen paths, in the web app and on the server, goes through these.
 */

/** A screen path as it compares: lower-case, without a trailing slash (`/` stays `/`). */
export function screenPathKey(pathname: string): string {
  return pathname.replace(/(.)\/$/, '$1').toLowerCase();
}

/** Whether two paths name the same screen. */
export function isSameScreenPath(a: string, b: string): boolean {
  return screenPathKey(a) === screenPathKey(b);
}

/** Whether `pathname` is `base` or a path under it (/admin/boards is under /admin; /administer is not). */
export function isAtOrUnder(base: string, pathname: string): boolean {
  const key = screenPathKey(base);
  const path = screenPathKey(pathname);
  return path === key || path.startsWith(key.endsWith('/') ? key : `${key}/`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A screen path or route pattern as a regular expression over a pathname that matches as the router
 * does: any case, an optional trailing slash, each `:name` one segment (or `params[name]`, a
 * regular expression's source), captured in order.
 */
export function screenPattern(pattern: string, params: Record<string, string> = {}): RegExp {
  const base = pattern.replace(/\/+$/, '');
  if (base === '') return /^\/$/;
  const segments = base.split('/').map((segment) => (segment.startsWith(':') ? `(${params[segment.slice(1)] ?? '[^/]+'})` : escapeRegExp(segment)));
  return new RegExp(`^${segments.join('\\/')}\\/?$`, 'i');
}
