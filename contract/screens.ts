import { paths } from './paths';

/**
 * The fixed screens a guest reads, with the title each shows (its `<h1>` and `<title>`) and a
 * description. One list for the web app and for the HTML the server sends: link previews and
 * search engines read that HTML without running scripts, so it carries the same title and a
 * description of its own (issue 11). Free of zod, as every module a reader screen imports.
 */
export interface FixedScreen {
  path: string;
  title: string;
  description: string;
}

export const fixedScreens = {
  home: {
    path: paths.home,
    title: '홈',
    description: '인체이식형 의료기기 환자등록사업 누리집: 공지사항, 자료실, 환자등록 안내',
  },
  nidsIntro: {
    path: paths.nidsIntro,
    title: '사업 소개',
    description:
      '인체이식형 의료기기 환자등록사업은 몸속에 이식되는 의료기기와 그 기기를 이식받은 환자의 정보를 등록·관리하여, 문제가 생겼을 때 환자를 신속하게 보호하기 위한 국가 안전관리 사업입니다.',
  },
  nidsAbout: {
    path: paths.nidsAbout,
    title: '등록사업 안내',
    description: '이식형 의료기기 환자등록이 어떤 절차로 이루어지는지, 어떤 정보를 등록하고 어떻게 보호하는지 안내해 드립니다.',
  },
  nidsHistory: {
    path: paths.nidsHistory,
    title: '연혁',
    description: '정책연구와 시범사업에서 출발하여 국가 환자등록 체계로 자리 잡기까지, 환자등록사업이 걸어온 길입니다.',
  },
  nidsOrganization: {
    path: paths.nidsOrganization,
    title: '조직도',
    description:
      '환자등록사업단은 등록 관리, 데이터 분석, 안전 정보, 시스템 운영의 4개 팀으로 구성되어 있으며, 운영위원회와 자문위원회의 심의·자문을 받아 사업을 운영합니다.',
  },
  registSite: {
    path: paths.registSite,
    title: '환자등록시스템 안내',
    description: '환자등록시스템은 의료기관 등록 담당자가 이식형 의료기기를 시술한 환자의 정보를 등록하고 추적 관찰 결과를 입력하는 업무 시스템입니다.',
  },
  privacy: {
    path: paths.privacy,
    title: '개인정보처리방침',
    description: '인체이식형 의료기기 환자등록사업 누리집이 처리하는 개인정보의 항목, 목적, 보유 기간과 정보주체의 권리를 알려드립니다.',
  },
  terms: {
    path: paths.terms,
    title: '이용약관',
    description: '인체이식형 의료기기 환자등록사업 누리집의 회원 가입, 서비스 이용, 게시물 관리에 관한 약관입니다.',
  },
  search: {
    path: paths.search,
    title: '통합검색',
    description: '공지사항, 자료실, 커뮤니티, 안내 페이지와 자주 묻는 질문을 한 번에 찾아봅니다.',
  },
} as const satisfies Record<string, FixedScreen>;

/**
 * The web module that renders each screen, by the key Vite's build manifest gives it (its path
 * under web/; dist/web/.vite/manifest.json). One list for the router, which loads each as a lazy
 * chunk of its own (web/src/app/router.tsx), and for the server, which names the chunk files of
 * the screens readers land on in the HTML it sends (server/modules/seo/first-load.ts).
 * web/src/app/screen-modules.test.ts checks that each exists and exports the route's Component.
 */
export const screenModules = {
  home: 'src/features/home/HomePage.tsx',
  nidsIntro: 'src/features/info/IntroPage.tsx',
  nidsAbout: 'src/features/info/AboutPage.tsx',
  nidsHistory: 'src/features/info/HistoryPage.tsx',
  nidsOrganization: 'src/features/info/OrganizationPage.tsx',
  registSite: 'src/features/info/RegistSitePage.tsx',
  signin: 'src/features/account/routes/SigninPage.tsx',
  signup: 'src/features/account/routes/SignupPage.tsx',
  signupWelcome: 'src/features/account/routes/SignupWelcomePage.tsx',
  findId: 'src/features/account/routes/FindIdPage.tsx',
  findPassword: 'src/features/account/routes/FindPasswordPage.tsx',
  myPage: 'src/features/account/routes/MyPagePage.tsx',
  adminLayout: 'src/features/admin/AdminLayout.tsx',
  adminDashboard: 'src/features/admin/dashboard/DashboardPage.tsx',
  adminMembers: 'src/features/admin/members/MemberListPage.tsx',
  adminMember: 'src/features/admin/members/MemberDetailPage.tsx',
  adminRoles: 'src/features/admin/roles/RolesPage.tsx',
  adminBoards: 'src/features/admin/boards/AdminBoardListPage.tsx',
  adminBoard: 'src/features/admin/boards/AdminBoardEditPage.tsx',
  adminInquiries: 'src/features/admin/inquiries/InquiryQueuePage.tsx',
  adminAlumni: 'src/features/admin/alumni/AlumniPage.tsx',
  adminSettings: 'src/features/admin/settings/SiteSettingsPage.tsx',
  adminAccessRecords: 'src/features/admin/access-records/AccessRecordsPage.tsx',
  adminTwoFactor: 'src/features/admin/two-factor/TwoFactorPage.tsx',
  adminPopups: 'src/features/admin/popups/PopupsPage.tsx',
  adminContents: 'src/features/admin/content/ContentListPage.tsx',
  adminContent: 'src/features/admin/content/ContentEditPage.tsx',
  adminContentVersions: 'src/features/admin/content/ContentVersionsPage.tsx',
  adminMenu: 'src/features/admin/menu/MenuPage.tsx',
  adminStats: 'src/features/admin/stats/StatsPage.tsx',
  boardList: 'src/features/board/routes/BoardListPage.tsx',
  boardView: 'src/features/board/routes/BoardViewPage.tsx',
  boardWrite: 'src/features/board/routes/BoardWritePage.tsx',
  inquiryWrite: 'src/features/board/routes/InquiryWritePage.tsx',
  privacy: 'src/features/terms/PrivacyContentPage.tsx',
  terms: 'src/features/terms/TermsContentPage.tsx',
  contactUsTerms: 'src/features/terms/ContactUsTermsContentPage.tsx',
  notFound: 'src/app/NotFoundPage.tsx',
  adminFeedback: 'src/features/admin/feedback/FeedbackPage.tsx',
  // Issue 23: the site-wide search and the console's popular terms.
  search: 'src/features/search/SearchPage.tsx',
  adminPopularSearches: 'src/features/admin/search/PopularSearchesPage.tsx',
} as const;

export type ScreenModule = keyof typeof screenModules;
