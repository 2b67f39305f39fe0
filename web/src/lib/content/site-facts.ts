import { paths, type SiteInfo } from '@contract';
import { contentFacts, type ContentFact } from '@contract/content-values';
import { particle } from '@contract/korean-particle';

/**
 * What the `{{name}}` facts of a body (contract/content-values.ts contentFacts) show: the site
 * settings' current values, as HTML built here from escaped values (never from the body). While the
 * settings load, or if they failed, neutral words or a short status line stand in.
 */
export interface FactSource {
  site: SiteInfo | undefined;
  status: 'pending' | 'error' | 'success';
}

/** The programme name, shown until site settings arrive (the same fallback as the site header). */
const DEFAULT_SITE_NAME = '인체이식형 의료기기 환자등록사업';
/** Neutral wording used for the operator while settings load or if they fail. */
const OPERATOR_PLACEHOLDER = '운영기관';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A phone number as a tel: link target (digits and a leading + only). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The registration system address, only if it is a plain http(s) URL (it comes from the admin console). */
export function safeExternalUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
const known = (value: string | undefined): value is string => Boolean(value?.trim());

export function isFact(name: string): name is ContentFact {
  return Object.hasOwn(contentFacts, name);
}

/** The facts that stand alone in their paragraph and become a block. */
export const blockFacts: ReadonlySet<ContentFact> = new Set(['contacts', 'contacts.full', 'privacyOfficer', 'privacyDepartment', 'registSite.access']);

/** An inline fact's HTML; `idPrefix` starts the ids of a block fact written inline. */
export function inlineFactHtml(name: ContentFact, { site }: FactSource, idPrefix: string): string {
  const operator = site?.operator.trim() || OPERATOR_PLACEHOLDER;
  const siteName = site?.siteName.trim() || DEFAULT_SITE_NAME;
  switch (name) {
    case 'site.name':
      return escapeHtml(siteName);
    case 'site.nameWithEnglish':
      return escapeHtml(siteName) + (known(site?.siteNameEn) ? `<span lang="en"> (${escapeHtml(site.siteNameEn)})</span>` : '');
    case 'site.operator':
      return escapeHtml(operator);
    case 'site.operator.topic':
      return particle(operator, '은/는');
    case 'site.operator.subject':
      return particle(operator, '이/가');
    case 'site.phone':
      return known(site?.phone) ? link(telHref(site.phone), site.phone) : '';
    case 'site.email':
      return known(site?.email) ? link(`mailto:${site.email}`, site.email) : '';
    case 'site.businessHours':
      return escapeHtml(site?.businessHours ?? '');
    default:
      return blockFactHtml(name, { site, status: 'success' }, idPrefix);
  }
}

/**
 * A block fact's HTML: a contact list, or the registration system's access box. `idPrefix` starts
 * its ids (the body's own), so a body drawn twice on one screen (the console's preview) repeats none.
 */
export function blockFactHtml(name: ContentFact, source: FactSource, idPrefix: string): string {
  switch (name) {
    case 'contacts':
      return infoContacts(source, false);
    case 'contacts.full':
      return infoContacts(source, true);
    case 'privacyOfficer': {
      const officer = source.site?.privacyOfficer;
      return termsContacts('개인정보 보호책임자', source, [
        ['성명', officer?.name],
        ['직책', officer?.position],
        ['전화', officer?.phone, officer?.phone && telHref(officer.phone)],
        ['이메일', officer?.email, officer?.email && `mailto:${officer.email}`],
      ]);
    }
    case 'privacyDepartment': {
      const site = source.site;
      return termsContacts('개인정보 보호 담당부서', source, [
        ['기관', site?.operator],
        ['주소', site?.address],
        ['전화', site?.phone, site?.phone && telHref(site.phone)],
        ['팩스', site?.fax],
        ['이메일', site?.email, site?.email && `mailto:${site.email}`],
        ['운영시간', site?.businessHours],
      ]);
    }
    case 'registSite.access':
      return registSiteAccess(source, `${idPrefix}-go`);
    default:
      return `<p>${inlineFactHtml(name, source, idPrefix)}</p>`;
  }
}

/** The information pages' contact list (ui/content/info-body.css .info-contact). */
function infoContacts({ site, status }: FactSource, full: boolean): string {
  if (!site) {
    return status === 'error'
      ? `<p class="info-muted">연락처 정보를 불러오지 못했습니다. 잠시 후 다시 확인하시거나 ${link(paths.boardWrite('Nids', 'contactus'), '문의하기')}를 이용해 주십시오.</p>`
      : '<p class="info-muted">연락처 정보를 불러오고 있습니다.</p>';
  }
  const row = (term: string, html: string) => `<div><dt>${term}</dt><dd>${html}</dd></div>`;
  return (
    '<dl class="info-contact">' +
    row('운영기관', escapeHtml(site.operator)) +
    row('대표전화', link(telHref(site.phone), site.phone)) +
    (full ? row('팩스', escapeHtml(site.fax)) : '') +
    row('이메일', link(`mailto:${site.email}`, site.email)) +
    row('운영시간', escapeHtml(site.businessHours)) +
    (full ? row('주소', escapeHtml(site.address)) : '') +
    '</dl>'
  );
}

/** The terms documents' contact card (ui/content/terms-body.css .terms-contact): only the facts that are known. */
function termsContacts(label: string, { status }: FactSource, items: readonly [term: string, value: string | undefined, href?: string | undefined][]): string {
  const rows = items.filter((item) => known(item[1]));
  if (rows.length === 0) {
    return `<p class="terms__muted">${
      status === 'pending' ? `${label} 정보를 불러오는 중입니다.` : `${label} 정보를 불러오지 못했습니다. 잠시 후 다시 확인해 주십시오.`
    }</p>`;
  }
  return `<dl class="terms-contact">${rows
    .map(([term, value, href]) => `<div class="terms-contact__row"><dt>${term}</dt><dd>${href ? link(href, value!) : escapeHtml(value!)}</dd></div>`)
    .join('')}</dl>`;
}

const externalIcon =
  '<svg class="info-external-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M9 2h5v5h-1.5V4.56L7.53 9.53 6.47 8.47l4.97-4.97H9V2zM3 4h4v1.5H3.5v7h7V9H12v5H2V4h1z" fill="currentColor"></path></svg>';

/** The registration system's access box: its address and a button opening it in a new window (registSiteUrl). */
function registSiteAccess({ site, status }: FactSource, titleId: string): string {
  const systemUrl = safeExternalUrl(site?.registSiteUrl);
  const address = systemUrl && site ? `<p class="info-callout__url">접속 주소: <span lang="en">${escapeHtml(site.registSiteUrl)}</span></p>` : '';
  const action = systemUrl
    ? `<a class="button button--primary info-callout__button" href="${escapeHtml(systemUrl)}" target="_blank" rel="noopener noreferrer">환자등록시스템 바로가기<span class="visually-hidden">(새 창 열림)</span>${externalIcon}</a>`
    : `<p class="info-muted" role="status">${
        site || status === 'error' ? '지금은 접속 주소를 표시할 수 없습니다. 아래 이용 문의처로 연락해 주십시오.' : '접속 주소를 불러오고 있습니다.'
      }</p>`;
  return (
    `<section class="info-callout" aria-labelledby="${escapeHtml(titleId)}"><div class="info-callout__body">` +
    `<h2 id="${escapeHtml(titleId)}" class="info-callout__title">시스템 접속</h2>` +
    '<p>계정을 발급받은 의료기관 담당자는 아래 버튼을 눌러 환자등록시스템에 접속하실 수 있습니다. 환자등록시스템은 새 창에서 열립니다.</p>' +
    address +
    `</div><div class="info-callout__action">${action}</div></section>`
  );
}
