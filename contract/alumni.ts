// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { withParticle } from './korean-particle';
import { accessReason } from './access-record';
import { accountMessages, patterns } from './account-messages';
import { uploadUrlResponse } from './board-write';
import { pageFields, pageQuery } from './paging';

/**
 * The address book (spec §7 `/api/alumni...`, issue 9): records kept by staff, with an Excel
 * round trip. docs/decisions/0013-address-book-import.md explains the import rules.
 */
export const alumniMessages = {
  nameRequired: '이름을 입력해주세요.',
  tooLong: (label: string, max: number) => `${withParticle(label, '은/는')} ${max}자 이내로 입력해주세요.`,
  emailFormat: accountMessages.emailFormat,
  phoneFormat: accountMessages.phoneFormat,
  emailTaken: '이미 주소록에 등록된 이메일입니다.',
  notFound: '주소록에서 찾을 수 없습니다. 이미 삭제되었을 수 있습니다.',
  nothingToChange: '바꿀 항목을 하나 이상 보내주세요.',
  reasonRequired: '사유를 입력해주세요.',
  created: '주소록에 등록했습니다.',
  updated: '주소록을 수정했습니다.',
  deleted: '주소록에서 삭제했습니다.',
  exportTooMany: (max: string) => `한 번에 ${max}건까지 내려받을 수 있습니다. 검색어로 범위를 좁혀주세요.`,
  // upload and import
  onlyXlsx: '엑셀 파일(.xlsx)만 올릴 수 있습니다.',
  notWorkbook: '엑셀 통합 문서(.xlsx)로 열 수 없는 파일입니다. 엑셀에서 .xlsx로 저장한 파일을 올려주세요.',
  noHeader: '첫 행에 머리글이 없습니다. 첫 행에 이름, 소속, 부서, 직위, 이메일, 연락처, 메모 머리글을 넣어주세요(이름은 필수).',
  duplicateHeader: (header: string) => `머리글 ${withParticle(`'${header}'`, '이/가')} 두 번 있습니다. 하나만 남겨주세요.`,
  noRows: '가져올 행이 없습니다. 머리글 아래에 주소록을 입력해주세요.',
  tooManyRows: (max: string) => `한 번에 ${max}행까지 가져올 수 있습니다. 파일을 나누어 올려주세요.`,
  importFileGone: '가져올 파일을 찾을 수 없습니다. 파일을 다시 올려주세요.',
  rowError: (row: number, reasons: string[]) => `${row}행: ${reasons.join(' ')}`,
  duplicateInFile: (firstRow: number) => `${firstRow}행과 이메일이 중복됩니다.`,
} as const;

/** Longest value of each field: what a cell or an input may hold. */
export const alumniLimits = {
  name: 50,
  organization: 100,
  department: 100,
  position: 50,
  email: 200,
  phone: 20,
  memo: 1000,
} as const;

/** The editable fields, in the order of the table, the form and the workbook. */
export const alumniFieldNames = ['name', 'organization', 'department', 'position', 'email', 'phone', 'memo'] as const;
export type AlumniField = (typeof alumniFieldNames)[number];

/** Korean labels: the form's labels and the workbook's headers (import matches them, order-free). */
export const alumniFieldLabels: Record<AlumniField, string> = {
  name: '이름',
  organization: '소속',
  department: '부서',
  position: '직위',
  email: '이메일',
  phone: '연락처',
  memo: '메모',
};

/** Other headers an import also understands (as people name them in their own sheets). */
export const alumniHeaderAliases: Record<AlumniField, readonly string[]> = {
  name: ['성명'],
  organization: ['소속기관', '기관'],
  department: ['부서명'],
  position: ['직책', '직급'],
  email: ['이메일주소', '전자우편', 'e-mail', 'email'],
  phone: ['전화번호', '휴대폰', '휴대전화'],
  memo: ['비고'],
};

/** Headers the export adds after the fields; an import ignores them. */
export const alumniExportExtraHeaders = ['등록일', '수정일'] as const;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const oneLine = (v: string) => v.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
// eslint-disable-next-line no-control-regex -- tabs and line breaks stay in a memo, other controls go
const multiLine = (v: string) => v.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]+/g, '').trim();

const text = (field: Exclude<AlumniField, 'name' | 'email' | 'phone'>) =>
  z
    .string()
    .transform(field === 'memo' ? multiLine : oneLine)
    .pipe(z.string().max(alumniLimits[field], alumniMessages.tooLong(alumniFieldLabels[field], alumniLimits[field])));

/** Each field's rule; an import checks its cells with the same rules. */
export const alumniFieldSchemas = {
  name: z
    .string({ error: alumniMessages.nameRequired })
    .transform(oneLine)
    .pipe(z.string().min(1, alumniMessages.nameRequired).max(alumniLimits.name, alumniMessages.tooLong('이름', alumniLimits.name))),
  organization: text('organization'),
  department: text('department'),
  position: text('position'),
  /** Empty means none; stored lower-case, the key an import matches rows by. */
  email: z
    .string()
    .nullable()
    .transform((v) => oneLine(v ?? ''))
    .pipe(
      z
        .string()
        .max(alumniLimits.email, alumniMessages.tooLong('이메일', alumniLimits.email))
        .refine((v) => v === '' || patterns.email.test(v), alumniMessages.emailFormat),
    )
    .transform((v) => (v === '' ? null : v.toLowerCase())),
  /** Empty, or 2-3, 3-4 and 4 digits with hyphens (spec §5). */
  phone: z
    .string()
    .transform(oneLine)
    .pipe(z.string().refine((v) => v === '' || patterns.phone.test(v), alumniMessages.phoneFormat)),
  memo: text('memo'),
} satisfies Record<AlumniField, z.ZodType>;

/** `PUT /api/alumni`: a new record; only the name is required. */
export const alumniCreateBody = z.object({
  name: alumniFieldSchemas.name,
  organization: alumniFieldSchemas.organization.default(''),
  department: alumniFieldSchemas.department.default(''),
  position: alumniFieldSchemas.position.default(''),
  email: alumniFieldSchemas.email.default(null),
  phone: alumniFieldSchemas.phone.default(''),
  memo: alumniFieldSchemas.memo.default(''),
});
export type AlumniCreateBody = z.input<typeof alumniCreateBody>;
export type AlumniValues = z.output<typeof alumniCreateBody>;

/** `PATCH /api/alumni/{id}`: the fields given change, the others stay. */
export const alumniPatchBody = z
  .object({
    name: alumniFieldSchemas.name.optional(),
    organization: alumniFieldSchemas.organization.optional(),
    department: alumniFieldSchemas.department.optional(),
    position: alumniFieldSchemas.position.optional(),
    email: alumniFieldSchemas.email.optional(),
    phone: alumniFieldSchemas.phone.optional(),
    memo: alumniFieldSchemas.memo.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), alumniMessages.nothingToChange);
export type AlumniPatchBody = z.input<typeof alumniPatchBody>;

export const alumniIdParams = z.object({ id: z.coerce.number().int().min(1, alumniMessages.notFound).max(Number.MAX_SAFE_INTEGER) });

/** One record as the console shows it; times are ISO 8601 in KST, as on the boards. */
export const alumniRecord = z.object({
  id: z.number(),
  name: z.string(),
  organization: z.string(),
  department: z.string(),
  position: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  memo: z.string(),
  createdDate: z.string(),
  modifiedDate: z.string(),
});
export type AlumniRecord = z.infer<typeof alumniRecord>;

/** The list's orders, each served by an index (alumni_created_idx, alumni_name_idx). */
export const alumniSorts = ['createdDate,DESC', 'createdDate,ASC', 'name,ASC', 'name,DESC'] as const;
export type AlumniSort = (typeof alumniSorts)[number];

const keyword = z
  .string()
  .transform(oneLine)
  .pipe(z.string().max(100, '검색어는 100자 이내로 입력해주세요.'))
  .optional();

/** `GET /api/alumni?page&size&keyword&sort`: keyword matches name, organisation, department, e-mail, phone. */
export const alumniListQuery = z.object({
  ...pageQuery,
  keyword,
  sort: z.enum(alumniSorts, { error: '정렬 기준이 올바르지 않습니다.' }).default('createdDate,DESC'),
});
export type AlumniListQuery = z.input<typeof alumniListQuery>;

export const alumniPage = z.object({ content: z.array(alumniRecord), ...pageFields });
export type AlumniPage = z.infer<typeof alumniPage>;

export const alumniCreated = z.object({ id: z.number() });

/** Exports and imports say why (issue 9); a missing reason gets the same sentence as an empty one. */
const reason = z.string({ error: alumniMessages.reasonRequired }).pipe(accessReason);

/** `POST /api/alumni/export-data`: the records the keyword matches (all without one), as .xlsx. */
export const alumniExportBody = z.object({ keyword, reason });
export type AlumniExportBody = z.input<typeof alumniExportBody>;

/** One import and one export hold at most this many rows (an export re-imports). */
export const ALUMNI_MAX_ROWS = 10_000;
/** The largest workbook an import accepts. */
export const ALUMNI_MAX_FILE_SIZE = 5 * 1024 * 1024;

/** `POST /api/alumni/upload-url`: a single-use URL (10 minutes) for one .xlsx to import. */
export const alumniUploadUrlBody = z.object({
  fileName: z.string().trim().min(1, '파일 이름이 없습니다.').max(200, '파일 이름은 200자 이내여야 합니다.'),
  contentType: z.string().trim().max(200).default('application/octet-stream'),
  size: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type AlumniUploadUrlBody = z.input<typeof alumniUploadUrlBody>;
export const alumniUploadUrlResponse = uploadUrlResponse;

const fileId = z.string().regex(/^[0-9a-f-]{36}$/, alumniMessages.importFileGone);

/** `POST /api/alumni/import-preview`: the first rows of an uploaded workbook, before importing it. */
export const alumniImportPreviewBody = z.object({ fileId });
export const ALUMNI_PREVIEW_ROWS = 10;
export const alumniImportPreview = z.object({
  /** The fields the workbook's headers name, in the workbook's order. */
  fields: z.array(z.enum(alumniFieldNames)),
  /** Headers that are not fields (등록일, 수정일, others): left out of the import. */
  ignoredHeaders: z.array(z.string()),
  /** The first rows as they are in the file (row numbers as in Excel). */
  rows: z.array(z.object({ row: z.number(), values: z.record(z.string(), z.string()) })),
  totalRows: z.number(),
});
export type AlumniImportPreview = z.infer<typeof alumniImportPreview>;

/**
 * allOrNothing (default): one bad row and nothing changes, the report lists every bad row.
 * skipInvalid: the good rows are imported, the bad ones listed.
 */
export const alumniImportModes = ['allOrNothing', 'skipInvalid'] as const;
export type AlumniImportMode = (typeof alumniImportModes)[number];

/** `POST /api/alumni/import-data`: imports an uploaded workbook, then deletes it. */
export const alumniImportBody = z.object({
  fileId,
  mode: z.enum(alumniImportModes, { error: '가져오기 방식이 올바르지 않습니다.' }).default('allOrNothing'),
  reason,
});
export type AlumniImportBody = z.input<typeof alumniImportBody>;

/**
 * The row-by-row report. Always 200 once the rows were read: `applied` says whether anything was
 * written (false when allOrNothing met a bad row; then added and updated are 0).
 */
export const alumniImportReport = z.object({
  mode: z.enum(alumniImportModes),
  applied: z.boolean(),
  totalRows: z.number(),
  added: z.number(),
  updated: z.number(),
  /** Rows equal to their record already: neither added nor updated. */
  unchanged: z.number(),
  rejected: z.number(),
  rejectedRows: z.array(z.object({ row: z.number(), reason: z.string() })),
});
export type AlumniImportReport = z.infer<typeof alumniImportReport>;
