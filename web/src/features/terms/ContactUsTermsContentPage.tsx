import { TermsContentScreen } from './TermsContentScreen';

/**
 * 문의하기 개인정보 수집·이용 동의 (spec §2, /TOS/Content/ContactUs/TermsContent): content page
 * `contactUsTerms`, the consent text behind the inquiry form's checkbox (「개인정보 보호법」 제15조 제2항).
 */
export function Component() {
  return <TermsContentScreen code="contactUsTerms" title="문의하기 개인정보 수집·이용 동의" idPrefix="contact-terms" />;
}
