// The content pages' plain values and types, without zod (issue 22): the public screens read them,
// and a module that builds schemas is built whole once any of its exports is used, zod with it, at
// the screen's first load (contract/board-values.ts says the same of the boards). content-body.ts
// builds the schemas the server checks a save with from these.

/**
 * The site's own words (issue 22): the pages staff edit from the console, by code. The routes stay
 * (spec §2); each screen renders its page's current version.
 */
export const contentCodes = ['intro', 'about', 'history', 'organization', 'registSite', 'privacy', 'terms', 'contactUsTerms'] as const;
export type ContentCode = (typeof contentCodes)[number];

/** The terms documents whose earlier versions the public pages list (PIPA art. 30, the PIPC's guideline). */
export const termsContentCodes = ['privacy', 'terms', 'contactUsTerms'] as const satisfies readonly ContentCode[];
export type TermsContentCode = (typeof termsContentCodes)[number];

/** A body over this many bytes (its JSON) is refused (issue 22). */
export const contentBodyMaxBytes = 1024 * 1024;

/** Rich text: HTML kept to the posts' allow-list (server/modules/board/sanitize.ts) and the classes below. */
export interface HtmlBody {
  type: 'html';
  html: string;
}

/** One line of the history: the year, the month if known, and what happened. The rows are what staff edit. */
export interface HistoryRow {
  year: number;
  month: number | null;
  text: string;
}

/** A stretch of years shown as one section with a title and a summary; `toYear` null runs to today ("현재"). */
export interface HistoryPeriod {
  title: string;
  fromYear: number;
  toYear: number | null;
  summary: string;
}

/** A few words summing up a year, shown beside it. */
export interface HistoryYearTheme {
  year: number;
  theme: string;
}

/**
 * The history. `rows` is the editable core; `periods` and `themes` are optional extras that give
 * the page its sections and year headings (a year in no period is still shown, after the periods).
 */
export interface HistoryBody {
  type: 'history';
  /** The paragraph before the history. */
  lead: string;
  rows: HistoryRow[];
  periods?: HistoryPeriod[];
  themes?: HistoryYearTheme[];
}

/**
 * One unit of the organisation chart: its name, its head's title, what it does and the numbers to
 * call. `level` places it in the chart (head, division, the programme's office, its teams);
 * `summary` is the one line the chart shows under its name.
 */
export interface OrganizationUnit {
  name: string;
  head: string;
  tasks: string[];
  phones: string[];
  level?: OrganizationLevel;
  summary?: string;
}

export const organizationLevels = ['head', 'division', 'office', 'team'] as const;
export type OrganizationLevel = (typeof organizationLevels)[number];

/** A committee beside the chart: the kind of body it is (심의 or 자문), who sits on it, what it does. */
export interface OrganizationCommittee {
  name: string;
  kind: string;
  members: string;
  role: string;
}

/** The organisation chart: `units` is the editable core; `committees` and the sections' sentences are extras. */
export interface OrganizationBody {
  type: 'organization';
  /** The sentence under the chart's heading (what its lines mean). */
  lead: string;
  units: OrganizationUnit[];
  committees?: OrganizationCommittee[];
  /** The sentence before the committees. */
  committeesLead?: string;
  /** The sentence before the contacts. */
  contactLead?: string;
}

/** A page's body (contract/content-body.ts checks it). */
export type ContentBody = HtmlBody | HistoryBody | OrganizationBody;

/** Which body shape each page has: the console's editor and the save's check follow it. */
export const contentBodyTypes = {
  intro: 'html',
  about: 'html',
  history: 'history',
  organization: 'organization',
  registSite: 'html',
  privacy: 'html',
  terms: 'html',
  contactUsTerms: 'html',
} as const satisfies Record<ContentCode, ContentBody['type']>;

/**
 * The classes a rich-text body may carry, by tag: the looks of the information and terms pages
 * (web/src/ui/content: info-body.css, terms-body.css). The sanitiser keeps these and drops any
 * other class, so a post or a page can use the pages' looks and nothing else; the console's editor
 * should keep them on the nodes it knows.
 */
export const contentClasses = {
  ul: ['info-cards', 'info-cards--three', 'info-checklist', 'info-bullets', 'info-link-list'],
  ol: ['info-process', 'info-steps', 'terms-items', 'terms-clauses'],
  li: ['info-card', 'info-process__step'],
  h3: ['info-card__title', 'info-process__title', 'terms__subheading'],
  p: ['info-note', 'info-muted'],
  dl: ['info-facts', 'info-timeline-list'],
  details: ['info-faq__item'],
  summary: ['info-faq__question'],
  div: ['info-faq', 'info-faq__answer'],
  span: ['terms__nowrap'],
  code: ['terms-table__item'],
  a: ['button'],
} as const satisfies Record<string, readonly string[]>;

/**
 * Site facts a body refers to, written in its text as `{{name}}`: they stay in the site settings
 * (the console's 사이트 설정) and the screen shows their current value there. Plain text survives
 * the sanitiser and any editor, and reads as what it stands for. A block fact stands alone in a
 * paragraph (`<p>{{contacts}}</p>`) and becomes a block (a contact list, a button).
 */
export const contentFacts = {
  'site.name': '누리집 이름',
  'site.nameWithEnglish': '누리집 이름(영문 이름과 함께)',
  'site.operator': '운영기관 이름',
  /** 은/는 after the operator's name, chosen by its last syllable. */
  'site.operator.topic': '운영기관 이름 뒤의 은/는',
  /** 이/가 after the operator's name. */
  'site.operator.subject': '운영기관 이름 뒤의 이/가',
  'site.phone': '대표전화(전화 걸기 링크)',
  'site.email': '대표 이메일(메일 보내기 링크)',
  'site.businessHours': '운영시간',
  contacts: '연락처 목록(운영기관, 대표전화, 이메일, 운영시간)',
  'contacts.full': '연락처 목록(팩스와 주소 포함)',
  privacyOfficer: '개인정보 보호책임자 연락처',
  privacyDepartment: '개인정보 보호 담당부서 연락처',
  'registSite.access': '환자등록시스템 접속 안내와 바로가기 버튼',
} as const;
export type ContentFact = keyof typeof contentFacts;

/** `{{name}}` in a body's text; the name is one of contentFacts. */
export const contentFactPattern = /\{\{\s*([A-Za-z.]+)\s*\}\}/g;

/** The answer of `GET /api/content/{code}` (contract/content.ts checks it on the server). */
export interface ContentViewData {
  code: ContentCode;
  title: string;
  version: number;
  /** ISO date-time the version took (or takes) effect; null only for a draft, which only staff read. */
  effectiveFrom: string | null;
  body: ContentBody;
  updatedAt: string;
}

/** One published version in `GET /api/content/{code}/versions`; effectiveTo null while it is current (or scheduled). */
export interface ContentVersionData {
  version: number;
  effectiveFrom: string;
  effectiveTo: string | null;
  /** `scheduled` only for a terms document's announced version. */
  status: 'scheduled' | 'current' | 'past';
}

/** Newest first. */
export interface ContentVersionsData {
  content: ContentVersionData[];
}
