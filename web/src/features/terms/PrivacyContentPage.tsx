import { fixedScreens } from '@contract';
import { TermsContentScreen } from './TermsContentScreen';

/**
 * 개인정보처리방침 (spec §2, /TOS/Content/PrivacyContent): content page `privacy`, its articles
 * following 「개인정보 보호법」 제30조 and the PIPC 작성지침; institution facts from the settings.
 */
export function Component() {
  return <TermsContentScreen code="privacy" title={fixedScreens.privacy.title} idPrefix="privacy" />;
}
