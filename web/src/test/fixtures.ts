import { siteAuthentication, type SiteAuthentication } from '../../../contract';

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
