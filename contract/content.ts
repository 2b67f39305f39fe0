// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { contentBody, contentCode, contentCodes, termsContentCodes, type ContentCode, type TermsContentCode } from './content-body';
import { paths } from './paths';
import type { ContentVersionsData, ContentViewData } from './content-values';

/**
 * The site's own words as versions (issue 22, docs/decisions/0026-content-versions.md): the calls'
 * answers and requests. The bodies' shapes are in content-body.ts.
 *
 * A version is a draft (no effective date), scheduled (its date to come), current (the published
 * version with the latest date up to now) or past. Publishing is giving a version its date.
 */

export const contentMessages = {
  /** A save over a newer version (issue 22: the editor keeps what was typed). */
  conflict: '다른 관리자가 먼저 수정했습니다. 새로 고친 뒤 다시 시도해주세요.',
  notFound: '요청한 콘텐츠를 찾을 수 없습니다.',
  versionNotFound: '요청한 버전이 없습니다.',
  scheduleInPast: '예약 게시 시각은 지금보다 뒤여야 합니다.',
  publishFormat: '게시 방법은 바로 게시, 임시 저장 또는 예약 시각(예: 2027-01-01T09:00:00+09:00) 중 하나여야 합니다.',
  titleRequired: '제목을 입력해주세요.',
  titleTooLong: '제목은 200자 이내로 입력해주세요.',
  noteTooLong: '변경 메모는 200자 이내로 입력해주세요.',
  bodyTooLarge: '본문이 너무 큽니다. 1MB 이하로 줄여주세요.',
  bodyTypeMismatch: (expected: string) => `이 페이지의 본문 형식은 ${expected}입니다.`,
  /** The note a restore gets when none is given. */
  restoredNote: (version: number) => `버전 ${version} 복원`,
  /** The note of every page's first version (the seed). */
  initialNote: '최초 등록',
} as const;

/** Where each page is read (contract/paths.ts): its screen's path. */
export const contentPaths = {
  intro: paths.nidsIntro,
  about: paths.nidsAbout,
  history: paths.nidsHistory,
  organization: paths.nidsOrganization,
  registSite: paths.registSite,
  privacy: paths.privacy,
  terms: paths.terms,
  contactUsTerms: paths.contactUsTerms,
} as const satisfies Record<ContentCode, string>;

/** A terms document announces a scheduled version before it applies (PIPA art. 30; decision 0026). */
export function isTermsContent(code: ContentCode): code is TermsContentCode {
  return (termsContentCodes as readonly string[]).includes(code);
}

export function isContentCode(code: string): code is ContentCode {
  return (contentCodes as readonly string[]).includes(code);
}

/** An unknown code is a 404, not a 400 (issue 22), so the path takes any short string. */
export const contentParams = z.object({ code: z.string().min(1).max(40) });
export const contentVersionParams = contentParams.extend({ version: z.coerce.number().int().min(1).max(2147483647) });

/** `GET /api/content/{code}?version=N`: an earlier (or, for a terms document, announced) version. */
export const contentQuery = z.object({ version: z.coerce.number().int().min(1).max(2147483647).optional() });

export const contentVersionStatuses = ['draft', 'scheduled', 'current', 'past'] as const;
export type ContentVersionStatus = (typeof contentVersionStatuses)[number];

/** `GET /api/content/{code}`: a page's version as its screen shows it. Times are KST ISO 8601. */
export const contentView = z.object({
  code: contentCode,
  title: z.string(),
  version: z.number().int(),
  /** When it takes (or took) effect; null for a draft (only staff with CONTENT_Manage read one). */
  effectiveFrom: z.string().nullable(),
  body: contentBody,
  /** When this version was saved. */
  updatedAt: z.string(),
});
export type ContentView = z.infer<typeof contentView>;

/** One published version in the public history of a page (PIPA art. 30: each earlier version with its period). */
export const contentVersionPeriod = z.object({
  version: z.number().int(),
  effectiveFrom: z.string(),
  /** When the next published version took (or takes) over; null for the last one. */
  effectiveTo: z.string().nullable(),
  /** `scheduled` only for a terms document's announced version. */
  status: z.enum(['scheduled', 'current', 'past']),
});

/** `GET /api/content/{code}/versions`: newest first. */
export const contentVersionList = z.object({ content: z.array(contentVersionPeriod) });
export type ContentVersionList = z.infer<typeof contentVersionList>;

/** One version in the console's history of a page: drafts and scheduled ones too. */
export const adminContentVersion = z.object({
  version: z.number().int(),
  title: z.string(),
  note: z.string(),
  status: z.enum(contentVersionStatuses),
  effectiveFrom: z.string().nullable(),
  effectiveTo: z.string().nullable(),
  /** The version this one restored, when it is a restore. */
  restoredFrom: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type AdminContentVersion = z.infer<typeof adminContentVersion>;

/** `GET /api/admin/content/{code}/versions`: newest version first. */
export const adminContentVersionList = z.object({ content: z.array(adminContentVersion) });

/** `GET /api/admin/content/{code}/versions/{version}`: any version, a draft's too, with its history fields (the console's preview). */
export const adminContentView = contentView.extend({
  note: z.string(),
  status: z.enum(contentVersionStatuses),
  restoredFrom: z.number().int().nullable(),
  createdByName: z.string(),
});
export type AdminContentView = z.infer<typeof adminContentView>;

const versionSummary = z.object({ version: z.number().int(), effectiveFrom: z.string().nullable(), createdAt: z.string(), createdByName: z.string() });

/** `GET /api/admin/content`: every page for the console's list. */
export const adminContentPage = z.object({
  code: contentCode,
  /** The current version's title (the latest's when none is published yet). */
  title: z.string(),
  bodyType: z.enum(['html', 'history', 'organization']),
  /** The page's public screen. */
  path: z.string(),
  /** Whether a scheduled version is announced publicly (terms documents). */
  announcesSchedule: z.boolean(),
  current: versionSummary.nullable(),
  /** The newest version, whatever its status: a save's `baseVersion`. */
  latest: versionSummary.extend({ status: z.enum(contentVersionStatuses) }).nullable(),
  /** The next version to take effect, if one is scheduled. */
  scheduled: versionSummary.nullable(),
});
export const adminContentList = z.object({ content: z.array(adminContentPage) });
export type AdminContentList = z.infer<typeof adminContentList>;

/** A date-time with an offset, for a scheduled publication. */
const scheduleMoment = z.iso.datetime({ offset: true, message: contentMessages.publishFormat });

/**
 * `PUT /api/admin/content/{code}`: a new version, `baseVersion + 1`. `publish`: `now`, `draft`
 * (no effective date) or a future date-time. `baseVersion` is the newest version the editor
 * started from (0 for a page with none); a save over a newer one is refused (409).
 */
export const contentSaveRequest = z.object({
  baseVersion: z.number().int().min(0).max(2147483646),
  title: z.string().trim().min(1, contentMessages.titleRequired).max(200, contentMessages.titleTooLong),
  body: contentBody,
  note: z.string().trim().max(200, contentMessages.noteTooLong).default(''),
  publish: z.union([z.literal('now'), z.literal('draft'), scheduleMoment], { error: contentMessages.publishFormat }),
});
export type ContentSaveRequest = z.input<typeof contentSaveRequest>;

/**
 * `POST /api/admin/content/{code}/versions/{version}/restore`: a new version with that version's
 * title and body, published now. `baseVersion`, when given, is checked as a save's is.
 */
export const contentRestoreRequest = z
  .object({
    baseVersion: z.number().int().min(0).max(2147483646).optional(),
    note: z.string().trim().max(200, contentMessages.noteTooLong).optional(),
  })
  // No body at all is a restore over whatever version is newest.
  .nullish();
export type ContentRestoreRequest = z.input<typeof contentRestoreRequest>;

/** The size the save checks against (contentBodyMaxBytes): the body's JSON in UTF-8. */
export function contentBodyBytes(body: unknown): number {
  return new TextEncoder().encode(JSON.stringify(body)).length;
}

/** The body types in words, for the type-mismatch message. */
export const contentBodyTypeLabels = { html: '서식 있는 글', history: '연혁', organization: '조직도' } as const;

// The plain types the reader screens use (content-values.ts, no zod) are these answers.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const viewMatches: Same<z.infer<typeof contentView>, ContentViewData> = true;
const versionsMatch: Same<z.infer<typeof contentVersionList>, ContentVersionsData> = true;
void viewMatches;
void versionsMatch;
