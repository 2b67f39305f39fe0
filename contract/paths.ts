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
} as const;

/**
 * Which area each seeded board lives in (spec §2), for building links from a board code alone.
 * Boards made in the console are not listed here: their area comes from `GET /api/board` (the
 * menu), and a board's screens read the area from the URL and check it against the board.
 */
export const boardAreas: Record<string, 'Nids' | 'Reference' | 'Member'> = {
  notice: 'Nids',
  contactus: 'Nids',
  public: 'Reference',
  annualReport: 'Reference',
  safetyInformation: 'Reference',
  promotionVideo: 'Reference',
  memberNotice: 'Member',
  community: 'Member',
};
