// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { pageFields, pageQuery } from './paging';

/** The contact-us board (spec §2 /nids/contactus/write/NEW), which the console works as a queue. */
export const INQUIRY_BOARD = 'contactus';

export const inquiryStatuses = ['RECEIVED', 'IN_PROGRESS', 'DONE'] as const;
export const inquiryStatus = z.enum(inquiryStatuses);
export type InquiryStatus = z.infer<typeof inquiryStatus>;
/** 접수 / 처리중 / 완료 (issue 9). */
export const inquiryStatusLabels: Record<InquiryStatus, string> = { RECEIVED: '접수', IN_PROGRESS: '처리중', DONE: '완료' };

export const inquiryMessages = {
  notFound: '문의를 찾을 수 없습니다.',
  answered: '답변을 등록했습니다. 문의하신 분께 이메일로 알려드립니다.',
  statusChanged: '처리 상태를 바꿨습니다.',
  nothingToChange: '답변이나 처리 상태를 입력해주세요.',
  answerRequired: '답변 내용을 입력해주세요.',
  answerMakesDone: '답변을 등록하면 처리 상태는 완료가 됩니다.',
} as const;

/** `GET /api/admin/inquiries?page&size&status&keyword`. */
export const inquiryListQuery = z.object({
  ...pageQuery,
  status: inquiryStatus.optional(),
  /** Matches the title, the writer's name and the contact e-mail. */
  keyword: z.string().trim().max(100).optional(),
});
export type InquiryListQuery = z.input<typeof inquiryListQuery>;

export const inquirySummary = z.object({
  itemNo: z.number().int(),
  title: z.string(),
  writerName: z.string(),
  status: inquiryStatus,
  createdDate: z.string(),
  answeredDate: z.string().nullable(),
});
export type InquirySummary = z.infer<typeof inquirySummary>;

export const inquiryPage = z.object({
  content: z.array(inquirySummary),
  ...pageFields,
  /** Inquiries in each status (the filter tabs). */
  counts: z.object({ RECEIVED: z.number().int(), IN_PROGRESS: z.number().int(), DONE: z.number().int() }),
});
export type InquiryPage = z.infer<typeof inquiryPage>;

/** `GET /api/admin/inquiries/{itemNo}`: the inquiry with the inquirer's contact details. */
export const inquiryDetail = inquirySummary.extend({
  /** Sanitised HTML. */
  content: z.string(),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  /** Whether a member wrote it (else a guest). */
  byMember: z.boolean(),
  answer: z.string().nullable(),
});
export type InquiryDetail = z.infer<typeof inquiryDetail>;

export const inquiryParams = z.object({ itemNo: z.coerce.number().int().min(1).max(2147483647) });

/** `PATCH /api/admin/inquiries/{itemNo}`: an answer (sets 완료, e-mails the writer) and/or a status. */
export const inquiryPatch = z
  .object({ status: inquiryStatus.optional(), answer: z.string().max(10_000).optional() })
  .strict();
export type InquiryPatch = z.infer<typeof inquiryPatch>;
