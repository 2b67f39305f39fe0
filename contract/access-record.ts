// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { pageFields, pageQuery } from './paging';

/**
 * What staff did to personal data (issue 9, PIPA safeguards). Every console action that views,
 * reveals, changes, exports or imports personal data, or grants or removes admin rights, writes
 * one access record with one of these actions. Changes to the site's own words (pages, terms, the
 * privacy policy, the menu, pop-ups: issue 22) are recorded the same way, tamper-evident.
 */
export const accessActionLabels = {
  MEMBER_LIST_VIEW: '회원 목록 조회',
  MEMBER_VIEW: '회원 상세 조회',
  MEMBER_REVEAL: '회원 개인정보 표시',
  MEMBER_UPDATE: '회원 정보 수정',
  MEMBER_ROLE_CHANGE: '회원 권한 변경',
  MEMBER_LOCK: '회원 잠금',
  MEMBER_UNLOCK: '회원 잠금 해제',
  MEMBER_LOCKOUT_CLEAR: '로그인 잠금 해제',
  MEMBER_SIGN_OUT: '회원 강제 로그아웃',
  MEMBER_RETIRE: '회원 탈퇴 처리',
  MEMBER_EXPORT: '회원 목록 엑셀 다운로드',
  ADMIN_GRANT: '관리자 권한 부여',
  ADMIN_REVOKE: '관리자 권한 회수',
  INQUIRY_LIST_VIEW: '문의 목록 조회',
  INQUIRY_VIEW: '문의 상세 조회',
  INQUIRY_ANSWER: '문의 답변',
  INQUIRY_STATUS_CHANGE: '문의 상태 변경',
  BOARD_EXPORT: '게시판 엑셀 다운로드',
  ALUMNI_LIST_VIEW: '주소록 조회',
  ALUMNI_CREATE: '주소록 등록',
  ALUMNI_UPDATE: '주소록 수정',
  ALUMNI_DELETE: '주소록 삭제',
  ALUMNI_EXPORT: '주소록 엑셀 다운로드',
  ALUMNI_IMPORT: '주소록 엑셀 업로드',
  ACCESS_RECORD_EXPORT: '접근기록 엑셀 다운로드',
  CONTENT_UPDATE: '콘텐츠 수정',
  CONTENT_RESTORE: '콘텐츠 이전 버전 복원',
  MENU_UPDATE: '메뉴 수정',
  POPUP_CREATE: '팝업 등록',
  POPUP_UPDATE: '팝업 수정',
  POPUP_DELETE: '팝업 삭제',
  MEMBER_ACTIVITY_VIEW: '회원 활동 내역 조회',
  FEEDBACK_EXPORT: '만족도 조사 엑셀 다운로드',
} as const;
export type AccessAction = keyof typeof accessActionLabels;
export const accessActions = Object.keys(accessActionLabels) as [AccessAction, ...AccessAction[]];
export const accessAction = z.enum(accessActions);

/** Whose personal data a record is about, or which of the site's own words (content, menu, pop-up: issue 22). */
export const accessSubjectTypes = ['member', 'inquiry', 'board', 'alumni', 'role', 'access-record', 'content', 'menu', 'popup', 'feedback'] as const;
export type AccessSubjectType = (typeof accessSubjectTypes)[number];

const reasonRequired = '사유를 입력해주세요.';

/** Exports and imports must say why (issue 9); the reason, 1 to 500 characters, is kept in the record. */
export const accessReason = z
  // A missing reason says the same as an empty one.
  .string({ error: reasonRequired })
  .trim()
  .min(1, reasonRequired)
  .max(500, '사유는 500자 이내로 입력해주세요.');

/** One access record as the console shows it: `GET /api/admin/access-records`. */
export const accessRecordView = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actorKey: z.string(),
  address: z.string(),
  action: accessAction,
  actionLabel: z.string(),
  subjectType: z.enum(accessSubjectTypes),
  subject: z.string(),
  detail: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  rowCount: z.number().nullable(),
});
export type AccessRecordView = z.infer<typeof accessRecordView>;

export const accessRecordPage = z.object({ content: z.array(accessRecordView), ...pageFields });

/**
 * `GET /api/admin/access-records/chain-head` (issue 25): how long the hash chain is and the hash of
 * its last record, read together, with the time they were read. Written down outside the system,
 * they let `npm run verify-access-records -- --expect-count N --expect-hash H` catch records later
 * cut from the end of the chain.
 */
export const accessRecordChainHead = z.object({
  count: z.number(),
  /** 64 zeros when there is no record yet. */
  lastHash: z.string(),
  checkedAt: z.string(),
});
export type AccessRecordChainHead = z.infer<typeof accessRecordChainHead>;

/**
 * A day (`YYYY-MM-DD`, a whole day in Korea, inclusive) or a moment (ISO 8601; without an offset
 * it is read as Korea time), for the period filter of the access records.
 */
export const accessRecordTimePattern = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const periodBound = z
  .string()
  .trim()
  .max(40)
  .refine((v) => v === '' || (accessRecordTimePattern.test(v) && !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v))), {
    message: '날짜는 YYYY-MM-DD 형식으로 입력해주세요.',
  })
  .optional()
  .transform((v) => v || undefined);

/** Filters of the access records: their list and their Excel export. */
export const accessRecordFilter = z.object({
  from: periodBound,
  to: periodBound,
  /** The staff account: its sign-in key (exact) or its id. */
  actor: z.string().trim().max(100).optional().transform((v) => v || undefined),
  action: z
    .union([accessAction, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
});
export type AccessRecordFilter = z.input<typeof accessRecordFilter>;

/** `GET /api/admin/access-records?page&size&from&to&actor&action`: newest first. */
export const accessRecordListQuery = accessRecordFilter.extend(pageQuery);

/** `POST /api/admin/access-records/export-data`: the filtered records as .xlsx; the export is itself recorded. */
export const accessRecordExportRequest = accessRecordFilter.extend({ reason: accessReason });
export type AccessRecordExportRequest = z.input<typeof accessRecordExportRequest>;

export const accessRecordMessages = {
  badPeriod: '조회 시작일이 종료일보다 늦습니다.',
  exportTooLarge: '내려받을 접근기록이 10,000건을 넘습니다. 기간이나 조건을 좁혀 다시 시도해주세요.',
} as const;
