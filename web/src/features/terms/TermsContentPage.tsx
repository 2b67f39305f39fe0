import { fixedScreens } from '@contract';
import { TermsContentScreen } from './TermsContentScreen';

/** 이용약관 (spec §2, /TOS/Content/TermsContent): content page `terms`, chapters of numbered articles and 부칙. */
export function Component() {
  return <TermsContentScreen code="terms" title={fixedScreens.terms.title} idPrefix="terms" />;
}
