import type { ContentBody, ContentCode } from '@contract';
import { aboutHtml } from './about';
import { contactUsTermsHtml } from './contact-us-terms';
import { historyBody } from './history';
import { introHtml } from './intro';
import { organizationBody } from './organization';
import { privacyHtml } from './privacy';
import { registSiteHtml } from './regist-site';
import { termsHtml } from './terms';

export interface InitialContent {
  title: string;
  body: ContentBody;
  /**
   * When the first version took effect, where the page states it (the terms documents' 시행일자,
   * 2026-11-01 in Korea); the seeding time otherwise.
   */
  effectiveFrom?: string;
}

/** The terms documents' 시행일자 today (their text says 2026년 11월 1일), midnight in Korea. */
const termsEffectiveFrom = '2026-10-31T15:00:00.000Z';

/**
 * Today's text of every content page (issue 22), written as each page's first version on first
 * start and on the first start of an existing site after upgrading (modules/content seeds it).
 * Nothing a visitor sees changes: the screens render these bodies as they rendered their JSX.
 * Titles are the screens' headings; the site's facts (`{{site.operator}}`, contract/content-values.ts
 * contentFacts) stay in the settings and the screens show them.
 */
export const initialContent: Record<ContentCode, InitialContent> = {
  intro: { title: '사업 소개', body: { type: 'html', html: introHtml } },
  about: { title: '등록사업 안내', body: { type: 'html', html: aboutHtml } },
  history: { title: '연혁', body: historyBody },
  organization: { title: '조직도', body: organizationBody },
  registSite: { title: '환자등록시스템 안내', body: { type: 'html', html: registSiteHtml } },
  privacy: { title: '개인정보처리방침', body: { type: 'html', html: privacyHtml }, effectiveFrom: termsEffectiveFrom },
  terms: { title: '이용약관', body: { type: 'html', html: termsHtml }, effectiveFrom: termsEffectiveFrom },
  contactUsTerms: { title: '문의하기 개인정보 수집·이용 동의', body: { type: 'html', html: contactUsTermsHtml }, effectiveFrom: termsEffectiveFrom },
};
