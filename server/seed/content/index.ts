import type { ContentBody, ContentCode } from '@contract';

/**
 * Today's text of every content page (issue 22), written as each page's first version on first
 * start and on the first start of an existing site after upgrading (modules/content seeds it).
 * Nothing a visitor sees changes: the screens render these bodies as they rendered their JSX.
 */
export const initialContent: Record<ContentCode, { title: string; body: ContentBody }> = {
  intro: { title: '인사말', body: { type: 'html', html: '' } },
  about: { title: '사업 소개', body: { type: 'html', html: '' } },
  history: { title: '연혁', body: { type: 'history', lead: '', rows: [] } },
  organization: { title: '조직도', body: { type: 'organization', lead: '', units: [] } },
  registSite: { title: '환자등록시스템 안내', body: { type: 'html', html: '' } },
  privacy: { title: '개인정보처리방침', body: { type: 'html', html: '' } },
  terms: { title: '이용약관', body: { type: 'html', html: '' } },
  contactUsTerms: { title: '문의하기 개인정보 수집·이용 동의', body: { type: 'html', html: '' } },
};
