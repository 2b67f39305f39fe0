import { adminPaths, paths, routePatterns, screenPattern } from './paths';
import type { ScreenModule } from './screens';

/**
 * Every routed screen's path (a route pattern of contract/paths.ts), by its module's name in
 * `screenModules`: the one list the router builds its routes from (web/src/app/router.tsx) and
 * the server tells a known screen from an unknown one by (issue 23: an address no route matches
 * answers 404, server/modules/seo/not-found.ts). Layouts without a path of their own and the
 * not-found screen are not screens of their own here; index routes stand at their parent's path.
 */
export const screenRoutes = {
  home: paths.home,
  nidsIntro: paths.nidsIntro,
  nidsAbout: paths.nidsAbout,
  nidsHistory: paths.nidsHistory,
  nidsOrganization: paths.nidsOrganization,
  registSite: paths.registSite,
  signin: paths.signin,
  signup: paths.signup,
  signupWelcome: paths.signupWelcome,
  findId: paths.findId,
  findPassword: paths.findPassword,
  myPage: paths.myPage,
  adminLayout: adminPaths.dashboard,
  adminDashboard: adminPaths.dashboard,
  adminMembers: adminPaths.members,
  adminMember: routePatterns.adminMember,
  adminRoles: adminPaths.roles,
  adminBoards: adminPaths.boards,
  adminBoard: routePatterns.adminBoard,
  adminInquiries: adminPaths.inquiries,
  adminAlumni: adminPaths.alumni,
  adminSettings: adminPaths.settings,
  adminAccessRecords: adminPaths.accessRecords,
  adminTwoFactor: adminPaths.twoFactor,
  adminPopups: adminPaths.popups,
  adminContents: adminPaths.contents,
  adminContent: routePatterns.adminContent,
  adminContentVersions: routePatterns.adminContentVersions,
  adminMenu: adminPaths.menu,
  adminStats: adminPaths.stats,
  adminFeedback: adminPaths.feedback,
  adminPopularSearches: adminPaths.popularSearches,
  search: paths.search,
  boardList: routePatterns.boardList,
  boardView: routePatterns.boardView,
  inquiryWrite: routePatterns.inquiryWrite,
  boardWrite: routePatterns.boardWrite,
  privacy: paths.privacy,
  terms: paths.terms,
  contactUsTerms: paths.contactUsTerms,
} as const satisfies Partial<Record<ScreenModule, string>>;

export type RoutedScreen = keyof typeof screenRoutes;

/** The routes as the router matches them: any case, an optional trailing slash, `:name` one segment. */
const knownScreens = Object.values(screenRoutes).map((route) => screenPattern(route));

/**
 * Whether some route matches `pathname` (a URL's path, percent-encoded as it arrives: the router
 * matches the decoded path). Anything else is the router's `*`, the not-found screen.
 */
export function isKnownScreenPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return knownScreens.some((pattern) => pattern.test(decoded));
}

/**
 * A post number as the board screens take it from their address (web/src/features/board/board-route.ts):
 * 1 to 2^31-1, digits only; anything else names no post (the screen shows "no such post").
 */
export function parseItemNo(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const itemNo = Number(value);
  return itemNo >= 1 && itemNo <= 2147483647 ? itemNo : null;
}

/** The not-found screen's title (web/src/ui/NotFound.tsx) and the page the server sends with a 404. */
export const notFoundTitle = '페이지를 찾을 수 없습니다';
