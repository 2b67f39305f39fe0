import {
  adminSiteSetting,
  loginUser,
  siteAuthentication,
  siteInfo,
  tokenPair,
  userDetail,
  type AdminSiteSetting,
  type LoginUser,
  type SiteAuthentication,
  type SiteInfo,
  type TokenPair,
  type UserDetail,
} from '@contract';
import { getSessionStore } from '../lib/session';

/**
 * Answers the component tests give screens, parsed by the contract's schemas (the ones the server
 * answers through), with the demo seed's values (server/seed/base.ts) where a screen shows them.
 */

/** `GET /api/site-setting/authentication` as the demo site answers it: sign-in by ID, no CAPTCHA. */
export const demoAuthentication: SiteAuthentication = siteAuthentication.parse({
  authType: 'IdAndPassword',
  useCapcha: false,
  signinKeyType: 'ID',
  verifiedKeyTypes: ['EMAIL'],
  userProfiles: [
    { code: 'organization', name: '소속 기관', inputType: 'text', required: true },
    { code: 'occupation', name: '직역', inputType: 'select', detail: ['의사', '간호사', '의료기사', '의료기기 업체', '환자·보호자', '기타'], required: true },
    { code: 'interests', name: '관심 분야', inputType: 'checkboxes', detail: ['인공관절', '심장 이식기기', '유방 보형물', '인공수정체', '기타 이식기기'], required: false },
    { code: 'marketingAgree', name: '마케팅 정보 수신 동의', inputType: 'checkbox', required: false },
  ],
});

/** A member's record as `GET /api/user/{id}` answers it. */
export const demoMember: UserDetail = userDetail.parse({
  id: 41,
  userKeyCode: 'member41',
  name: '김민지',
  userType: 'Member',
  role: { roleCode: 'MEMBER', permissions: [] },
  email: 'member41@example.test',
  mobile: null,
  profile: { name: '김민지', email: 'member41@example.test', organization: '테스트 병원', occupation: '의사' },
  createdDate: '2026-11-02T09:00:00.000Z',
});

function base64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Signs `user` in the way the sign-in screen does (spec §3: the token pair and loginUser in
 * localStorage, then the session store), with an access token good for 30 minutes, so no call
 * exchanges it first. The signature is not checked by the web app; the server is not here.
 */
export function signInAs(user: LoginUser): TokenPair {
  const exp = Math.floor(Date.now() / 1000) + 30 * 60;
  const accessToken = `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify({ sub: String(user.id), exp }))}.signature`;
  const pair = tokenPair.parse({ accessToken, refreshToken: 'refresh-token', user: loginUser.parse(user) });
  getSessionStore().signIn(pair);
  return pair;
}

/** `GET /api/site-setting/info` as the demo site answers it (server/seed/base.ts seedSettings). */
export const demoSiteInfo: SiteInfo = siteInfo.parse({
  siteName: '인체이식형 의료기기 환자등록사업',
  siteNameEn: 'National Implantable Device Registry',
  operator: '한국의료기기안전정보원',
  address: '서울특별시 중구 퇴계로 173 남산스퀘어빌딩 14층',
  phone: '02-3489-7100',
  fax: '02-3489-7199',
  email: 'registry@nids.or.kr',
  businessHours: '평일 09:00~18:00 (점심시간 12:00~13:00, 주말·공휴일 휴무)',
  privacyOfficer: { name: '김정보', position: '정보보호팀장', phone: '02-3489-7180', email: 'privacy@nids.or.kr' },
  registSiteUrl: 'https://registry.nids.or.kr',
  authType: demoAuthentication.authType,
  useCapcha: demoAuthentication.useCapcha,
  roleCodeForGuest: 'GUEST',
  userProfiles: demoAuthentication.userProfiles,
});

/** `GET /api/admin/site-setting` on the demo site. */
export const demoAdminSiteSetting: AdminSiteSetting = adminSiteSetting.parse({
  settings: demoSiteInfo,
  roles: [
    { roleCode: 'GUEST', name: '비회원', admin: false },
    { roleCode: 'MEMBER', name: '일반회원', admin: false },
    { roleCode: 'ADMIN', name: '관리자', admin: true },
  ],
  adminTwoFactorRequired: false,
});
