import { areas } from './board-values';
import { paths, routePatterns, screenPathKey, screenPattern } from './paths';

/*
 * Page satisfaction (만족도 조사, issue 23): the question, the choices and which screens ask it.
 * Without zod: the form at the foot of every screen imports this, and the reader screens load no
 * zod (e2e/budget.spec.ts). contract/feedback.ts builds the request and console schemas from it.
 */

export const feedbackQuestion = '이 페이지에서 제공하는 정보에 대하여 만족하십니까?';

/** The five choices, best first, as the form lists them; the score is what is stored (5 best). */
export const feedbackScores = [
  { score: 5, label: '매우 만족' },
  { score: 4, label: '만족' },
  { score: 3, label: '보통' },
  { score: 2, label: '불만족' },
  { score: 1, label: '매우 불만족' },
] as const;
export type FeedbackScore = (typeof feedbackScores)[number]['score'];

/** The label of a score (1 to 5). */
export const feedbackScoreLabel = (score: number): string => feedbackScores.find((s) => s.score === score)?.label ?? String(score);

/** The longest comment, in characters. */
export const FEEDBACK_COMMENT_MAX = 500;
/** The longest screen path taken: a board view's path is about 40 characters; anything far longer is not a screen. */
export const FEEDBACK_PATH_MAX = 200;

export const feedbackMessages = {
  thanks: '소중한 의견 감사합니다. 더 나은 정보를 제공하도록 노력하겠습니다.',
  alreadyAnswered: '오늘 이 페이지에 대한 의견을 이미 보내주셨습니다. 내일 다시 참여하실 수 있습니다.',
  scoreRequired: '만족도를 선택해주세요.',
  commentTooLong: `의견은 ${FEEDBACK_COMMENT_MAX}자 이내로 입력해주세요.`,
  notAScreen: '만족도 조사를 받지 않는 화면입니다.',
  sendFailed: '의견을 보내지 못했습니다. 잠시 후 다시 시도해주세요.',
  tooMany: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
  badPeriod: '조회 시작일이 종료일보다 늦습니다.',
  periodTooLong: '조회 기간은 1년 이내로 선택해주세요.',
  exportTooLarge: '내려받을 의견이 10,000건을 넘습니다. 기간을 좁혀 다시 시도해주세요.',
} as const;

/*
 * Which screens ask: every screen with the site layout (web/src/app/Layout.tsx) but the console.
 * The terms pages (privacy, terms, contact-us terms) have no surrounding layout by the spec (§2:
 * they open bare, from the sign-up and inquiry forms), so they have no form and take no answer.
 * A board's list counts per board, its views per post, its write screen per board and post
 * (NEW for a new one); any case and a trailing slash are one screen, as the router matches them.
 */
const fixedPaths: readonly string[] = [
  paths.home, paths.nidsIntro, paths.nidsAbout, paths.nidsHistory, paths.nidsOrganization, paths.registSite,
  paths.signin, paths.signup, paths.signupWelcome, paths.findId, paths.findPassword, paths.myPage,
].map(screenPathKey);
const area = areas.join('|');
const boardCode = '[A-Za-z][A-Za-z0-9_-]{0,39}';
const boardScreens = [
  screenPattern(routePatterns.boardList, { area, boardCode }),
  screenPattern(routePatterns.boardView, { area, boardCode, itemNo: '[1-9][0-9]{0,9}' }),
  screenPattern(routePatterns.boardWrite, { area, boardCode, itemNo: 'NEW|[1-9][0-9]{0,9}' }),
];

/**
 * The screen a pathname is counted as (lower-case, no trailing slash), or null where no answer is
 * taken: the console, the API, the terms pages, a path of no screen. The form and the server both
 * decide by this.
 */
export function feedbackScreenKey(pathname: string): string | null {
  if (pathname.length > FEEDBACK_PATH_MAX || !pathname.startsWith('/')) return null;
  const key = screenPathKey(pathname);
  if (fixedPaths.includes(key)) return key;
  return boardScreens.some((pattern) => pattern.test(pathname)) ? key : null;
}
