import { paths } from '@contract';
import type { StoredEntry } from './tree';

/**
 * The header menu of spec §2 with its Korean titles, as the header showed it before the menu was
 * data (issue 22): written on a start that finds no menu (a new site, or an existing one after
 * upgrading), never over one staff have saved. The boards are linked by code (the server writes
 * their paths from their areas), and the three board groups take the boards of their area that
 * no entry places (a board made in the console), as before.
 */
const page = (id: string, label: string, path: string): StoredEntry => ({ id, label, path, hidden: false, children: [] });
const board = (boardCode: string, label: string): StoredEntry => ({ id: `board-${boardCode}`, label, boardCode, hidden: false, children: [] });
const group = (id: string, label: string, children: StoredEntry[], boardArea?: StoredEntry['boardArea']): StoredEntry => ({
  id, label, hidden: false, ...(boardArea ? { boardArea } : {}), children,
});

export const headerMenuSeed: StoredEntry[] = [
  group('about', '기관소개', [
    page('about-intro', '사업 소개', paths.nidsIntro),
    page('about-about', '등록사업 안내', paths.nidsAbout),
    page('about-organization', '조직도', paths.nidsOrganization),
    page('about-history', '연혁', paths.nidsHistory),
  ]),
  group('member', '회원서비스', [
    page('member-signin', '로그인', paths.signin),
    page('member-signup', '회원가입', paths.signup),
    page('member-find-id', '아이디 찾기', paths.findId),
    page('member-find-password', '비밀번호 찾기', paths.findPassword),
  ]),
  group('system', '환자등록시스템', [page('system-regist-site', '환자등록시스템 안내', paths.registSite)]),
  group('reference', '자료실', [
    board('public', '공개자료'),
    board('annualReport', '연차보고서'),
    board('safetyInformation', '안전성 정보'),
    board('promotionVideo', '홍보영상'),
  ], 'Reference'),
  group('community', '커뮤니티', [board('memberNotice', '회원 공지'), board('community', '커뮤니티')], 'Member'),
  group('notice', '알림마당', [
    board('notice', '공지사항'),
    board('faq', '자주 묻는 질문'),
    board('contactus', '문의하기'),
  ], 'Nids'),
];
